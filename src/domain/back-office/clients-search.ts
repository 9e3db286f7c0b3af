// The Clients list's URL (decision 0017): status tab, search and page live in the search params, so a filtered page
// can be shared, reloaded and reached with the back button. Unknown values fall back to the defaults rather than
// breaking the page a pasted link opens. The schema is the route's `validateSearch`, loaded before the first render
// of every page: guards, and no zod contract, only its zod-free constants (../search-params.ts says why).
import type { UserStatus } from '../contract/user'
import { USER_STATUS } from '../contract/user-constants'
import { object, oneOf, orElse, refine, trimmedString, type Infer } from '../guard'
import { pageSearchParam } from '../search-params'

/** All, then every user status. */
export const CLIENT_STATUS_TABS = [
  'all',
  USER_STATUS.PENDING,
  USER_STATUS.ACTIVE,
  USER_STATUS.DEACTIVATED,
] as const
export type ClientStatusTab = (typeof CLIENT_STATUS_TABS)[number]
// Every user status has its tab: a status added to the contract fails to compile here until it is given one.
type _IsTrue<T extends true> = T
type _EveryStatusHasATab = _IsTrue<[UserStatus] extends [ClientStatusTab] ? true : false>

export const CLIENT_STATUS_TAB_LABELS: Readonly<Record<ClientStatusTab, string>> = {
  all: 'All',
  pending: 'Pending',
  active: 'Active',
  deactivated: 'Deactivated',
}

export const CLIENTS_SEARCH_DEFAULTS = { status: 'all', search: '', page: 1 } as const

export const ClientsSearchSchema = object({
  status: orElse(oneOf(CLIENT_STATUS_TABS), 'all'),
  search: orElse(
    refine(trimmedString(), (search) => search.length <= 100, 'Expected a shorter search'),
    '',
  ),
  page: pageSearchParam(),
})
export type ClientsSearch = Infer<typeof ClientsSearchSchema>

/** The GET /admin/users query for a URL state: 'all' sends no status, an empty search none either. */
export function clientsQuery(search: ClientsSearch): { status?: UserStatus; search?: string; page: number } {
  return {
    ...(search.status === 'all' ? {} : { status: search.status }),
    ...(search.search ? { search: search.search } : {}),
    page: search.page,
  }
}

/** How long the search box waits after the last key before the list asks the server. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300
