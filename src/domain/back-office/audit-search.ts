// /admin/audit's URL (issue 14): the action, actor and user filters and the page. The schema is the route's
// `validateSearch`, loaded before the first render of every page: zod/mini, and no contract (../search-params.ts
// says why). ./audit-log.ts re-exports it.
import * as z from 'zod/mini'
import { SerialIdSchema } from '../contract/wire'
import { optionalSearchParam, pageSearchParam } from '../search-params'

/** /admin/audit?action=&actor_id=&user_id=&page=. A damaged link drops the bad filter, not the page. */
export const AuditSearchSchema = z.object({
  action: optionalSearchParam(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  actor_id: optionalSearchParam(SerialIdSchema),
  user_id: optionalSearchParam(SerialIdSchema),
  page: pageSearchParam(),
})
export type AuditSearch = z.infer<typeof AuditSearchSchema>
