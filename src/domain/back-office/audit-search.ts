// /admin/audit's URL (issue 14): the action, actor and user filters and the page. The schema is the route's
// `validateSearch`, loaded before the first render of every page: guards, and no contract (../search-params.ts
// says why). ./audit-log.ts re-exports it.
import { object, refine, trimmedString, type Infer } from '../guard'
import { optionalSearchParam, pageSearchParam, serialIdParam } from '../search-params'

/** /admin/audit?action=&actor_id=&user_id=&page=. A damaged link drops the bad filter, not the page. */
export const AuditSearchSchema = object({
  action: optionalSearchParam(
    refine(trimmedString(), (action) => action.length >= 1 && action.length <= 60, 'Expected an action'),
  ),
  actor_id: optionalSearchParam(serialIdParam()),
  user_id: optionalSearchParam(serialIdParam()),
  page: pageSearchParam(),
})
export type AuditSearch = Infer<typeof AuditSearchSchema>
