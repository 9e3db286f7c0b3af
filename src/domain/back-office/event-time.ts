// How long ago a request was filed or an admin acted, for the back office's lists: at a glance, with the exact time
// (labels.ts formatDateTime) beside it. The clock is passed in so the words can be tested.
import { formatDateTime } from './labels'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** 'just now', '5 min ago', '3 h ago', '2 days ago'; past a week, the date and time. */
export function formatEventAge(iso: string, nowMs: number): string {
  const thenMs = new Date(iso).getTime()
  if (Number.isNaN(thenMs)) return iso
  const ageMs = Math.max(0, nowMs - thenMs)
  if (ageMs < MINUTE_MS) return 'just now'
  if (ageMs < HOUR_MS) return `${Math.floor(ageMs / MINUTE_MS)} min ago`
  if (ageMs < DAY_MS) return `${Math.floor(ageMs / HOUR_MS)} h ago`
  const days = Math.floor(ageMs / DAY_MS)
  if (days < 7) return days === 1 ? '1 day ago' : `${days} days ago`
  return formatDateTime(iso)
}
