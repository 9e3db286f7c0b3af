// docs/product/chat.md#message-list: the message list is grouped by day with date headings and times. The rows a
// virtualised list renders: a heading before the first message of each calendar day (in the viewer's time zone), then
// the messages. The clock and the time zone are passed in, so the rules are tested at day boundaries in any zone.
import type { ChatMessage } from '../contract/chat'

export type ChatRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage; day: string }

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>()
const headingFormats = new Map<string, Intl.DateTimeFormat>()
const timeFormats = new Map<string, Intl.DateTimeFormat>()

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string | undefined,
  make: () => Intl.DateTimeFormat,
) {
  const key = timeZone ?? ''
  let format = cache.get(key)
  if (!format) {
    format = make()
    cache.set(key, format)
  }
  return format
}

/**
 * The calendar day of an instant in the zone, as YYYY-MM-DD. Without a zone, the device's: computed from its UTC
 * offset on that date (DST included), which is much cheaper than Intl when 10,000 messages are grouped.
 */
export function dayKey(date: Date, timeZone?: string): string {
  if (timeZone === undefined) {
    const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
    return local.toISOString().slice(0, 10)
  }
  // en-CA writes dates as YYYY-MM-DD.
  return cached(
    dayKeyFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(date)
}

/** The day before a YYYY-MM-DD day, as YYYY-MM-DD (calendar arithmetic, no time zone involved). */
function previousDay(key: string): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day - 1))
  return date.toISOString().slice(0, 10)
}

/** 'Today', 'Yesterday', else the full date ('Monday 3 March 2025'). */
export function dayHeading(date: Date, now: Date, timeZone?: string): string {
  const key = dayKey(date, timeZone)
  const today = dayKey(now, timeZone)
  if (key === today) return 'Today'
  if (key === previousDay(today)) return 'Yesterday'
  return cached(
    headingFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
  ).format(date)
}

/** A message's time of day, 24-hour ('14:05'). */
export function messageTime(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return cached(
    timeFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }),
  ).format(date)
}

/** The rows of the list: a day heading before each day's first message. Messages must be in ascending order. */
export function buildChatRows(messages: readonly ChatMessage[], now: Date, timeZone?: string): ChatRow[] {
  const rows: ChatRow[] = []
  let currentDay: string | null = null
  for (const message of messages) {
    const date = new Date(message.created_at)
    const day = Number.isNaN(date.getTime()) ? 'unknown' : dayKey(date, timeZone)
    if (day !== currentDay) {
      currentDay = day
      rows.push({
        kind: 'day',
        key: `day-${day}`,
        label: day === 'unknown' ? 'Unknown date' : dayHeading(date, now, timeZone),
      })
    }
    rows.push({ kind: 'message', key: `message-${message.id}`, message, day })
  }
  return rows
}
