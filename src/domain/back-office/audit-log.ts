// The Audit page's filters and its URL (decision 0017): the action filter (named as labels.ts says), the /admin/audit
// search parameters, and the before/after snapshots as text. Snapshots are shown as text only, never as markup: they hold
// whatever a setting or a reason contained.
import { SerialIdSchema } from '../contract/wire'
import { AUDIT_ACTIONS } from './codes'
import { auditActionLabel } from './labels'

// The URL's schema lives in ./audit-search.ts (the route loads it before the first render); still importable here.
export { AuditSearchSchema, type AuditSearch } from './audit-search'

/** The action filter's options, in the contract's order. */
export const AUDIT_ACTION_OPTIONS = Object.values(AUDIT_ACTIONS).map((action) => ({
  value: action,
  label: auditActionLabel(action),
}))
export const ALL_AUDIT_ACTIONS_LABEL = 'All actions'

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
