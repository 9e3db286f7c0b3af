// The Audit page's filters and its URL (issue 14): the action filter (named as labels.ts says), the /admin/audit
// search parameters, and the before/after snapshots as text. Snapshots are shown as text only, never as markup: they hold
// whatever a setting or a reason contained.
import { z } from 'zod'
import { AUDIT_ACTIONS, SerialIdSchema } from '../contract/back-office'
import { auditActionLabel } from './labels'

/** The action filter's options, in the contract's order. */
export const AUDIT_ACTION_OPTIONS = Object.values(AUDIT_ACTIONS).map((action) => ({
  value: action,
  label: auditActionLabel(action),
}))
export const ALL_AUDIT_ACTIONS_LABEL = 'All actions'

/** /admin/audit?action=&actor_id=&user_id=&page=. A damaged link drops the bad filter, not the page. */
export const AuditSearchSchema = z.object({
  action: z.string().trim().min(1).max(60).optional().catch(undefined),
  actor_id: SerialIdSchema.optional().catch(undefined),
  user_id: SerialIdSchema.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
})
export type AuditSearch = z.infer<typeof AuditSearchSchema>

/** A typed id filter: blank is no filter, anything but a positive whole number is refused with a sentence. */
export function parseIdFilter(
  text: string,
): { ok: true; id: number | undefined } | { ok: false; message: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, id: undefined }
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'Enter a number, e.g. 12' }
  const parsed = SerialIdSchema.safeParse(trimmed)
  return parsed.success ? { ok: true, id: parsed.data } : { ok: false, message: 'Enter a number, e.g. 12' }
}

/** A before or after snapshot as indented JSON text; absent is 'None'. */
export function auditSnapshotText(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (typeof value === 'object' && Object.keys(value).length === 0) return 'None'
  try {
    return JSON.stringify(value, null, 2)
  } catch {
    return String(value)
  }
}

/** Who acted or was acted on: their name, or their id when the account no longer has one. */
export function auditPersonLabel(name: string | null, id: number | null, none: string): string {
  if (name?.trim()) return name.trim()
  return id === null ? none : `User #${id}`
}
