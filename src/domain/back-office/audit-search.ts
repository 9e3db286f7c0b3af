// /admin/audit's URL (decision 0017): the action, actor and user filters and the page. The schema is the route's
// `validateSearch`, loaded before the first render of every page: guards, and no contract (../search-params.ts
// says why). ./audit-log.ts re-exports it.
import { type Infer, object, optionalParam, refine, trimmedString } from '../guard'
import { pageSearchParam, serialIdParam } from '../search-params'

/** /admin/audit?action=&actor_id=&user_id=&page=. A damaged link drops the bad filter, not the page. */
export const AuditSearchSchema = object({
  action: optionalParam(
    refine(trimmedString(), (action) => action.length >= 1 && action.length <= 60, 'Expected an action'),
  ),
  actor_id: optionalParam(serialIdParam()),
  user_id: optionalParam(serialIdParam()),
  page: pageSearchParam(),
})
export type AuditSearch = Infer<typeof AuditSearchSchema>
