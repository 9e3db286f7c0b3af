// What the app shows when it cannot reach the server (decision 0021, docs/architecture.md#offline): the last known
// figures, each marked with the time it is as of, and no orders. Pure: the clock and the page's start are passed in.

/** Why the order tickets, close and deposit are shut while the browser is offline. Nothing is queued. */
export const OFFLINE_ORDER_REASON = 'Offline — orders need a connection'

/**
 * Data fetched before this page started (`pageStartedAtMs`, e.g. performance.timeOrigin) cannot have come from the
 * network in this page: it is a stored copy. TanStack Query's dataUpdatedAt is 0 when there is no data.
 */
export const isStoredCopy = (dataUpdatedAtMs: number, pageStartedAtMs: number) =>
  dataUpdatedAtMs > 0 && dataUpdatedAtMs < pageStartedAtMs

/**
 * When a figure shows, the time it is 'as of' if it must say so, or undefined when it is live: it is marked while
 * the browser is offline, and while it is a stored copy nothing has refreshed yet. null: marked, time unknown.
 */
export function lastKnownAt(input: {
  offline: boolean
  dataUpdatedAtMs: number
  pageStartedAtMs: number
}): number | null | undefined {
  if (!input.offline && !isStoredCopy(input.dataUpdatedAtMs, input.pageStartedAtMs)) return undefined
  return input.dataUpdatedAtMs > 0 ? input.dataUpdatedAtMs : null
}

/**
 * The same for prices, which the page also learns tick by tick: live once a tick arrived in this page and the
 * browser is online; otherwise as of the last tick seen here, else as of the asset list's (stored) answer.
 */
export function pricesKnownAt(input: {
  offline: boolean
  /** When this page last applied a tick; 0: none yet. */
  lastTickAtMs: number
  assetsUpdatedAtMs: number
  pageStartedAtMs: number
}): number | null | undefined {
  if (input.lastTickAtMs > 0) return input.offline ? input.lastTickAtMs : undefined
  return lastKnownAt({
    offline: input.offline,
    dataUpdatedAtMs: input.assetsUpdatedAtMs,
    pageStartedAtMs: input.pageStartedAtMs,
  })
}

const sameDay = (a: Date, b: Date, timeZone?: string) => {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return day.format(a) === day.format(b)
}

/**
 * 'as of 14:02' (24-hour, the reader's time zone unless given), with the day when it is not today ('as of 3 Mar
 * 14:02'); 'as of your last visit' when the time is unknown.
 */
export function formatAsOf(atMs: number | null, nowMs: number, timeZone?: string): string {
  if (atMs === null || !Number.isFinite(atMs)) return 'as of your last visit'
  const at = new Date(atMs)
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  if (sameDay(at, new Date(nowMs), timeZone)) return `as of ${time}`
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(at)
  return `as of ${day} ${time}`
}
