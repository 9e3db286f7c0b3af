// The connection doctor's results (/main/test, decision 0020) and the report a customer sends to support. Pure: each
// check's facts are gathered in src/features/connection-test; here they become verdicts and words.

export const CHECK_STATUSES = { OK: 'ok', WARN: 'warn', FAIL: 'fail', INFO: 'info' } as const
export type CheckStatus = (typeof CHECK_STATUSES)[keyof typeof CHECK_STATUSES]

export const CHECK_STATUS_LABELS: Record<CheckStatus, string> = {
  ok: 'OK',
  warn: 'Warning',
  fail: 'Failed',
  info: 'Info',
}

export interface CheckResult {
  id: string
  label: string
  status: CheckStatus
  /** One line for people: 'Connected, 38 ms round trip'. */
  summary: string
  /** More lines, for the report and the details view. */
  details?: readonly string[]
}

/** A price feed is stale when its last tick is older than this (the feed sends several a second while open). */
export const STALE_TICK_MS = 15_000
/** A clock this far from the server's makes time-stamped things (candles, "last seen") look wrong. */
export const CLOCK_SKEW_WARN_MS = 5_000
/** A round trip slower than this makes the app feel slow. */
export const SLOW_ROUND_TRIP_MS = 1_000

/**
 * How far this device's clock is from the server's, in ms (positive: this device is ahead). The server's time is
 * taken to be at the middle of the round trip (NTP's assumption).
 */
export function clockSkewMs(sentAtMs: number, receivedAtMs: number, serverTimeMs: number): number {
  return Math.round((sentAtMs + receivedAtMs) / 2 - serverTimeMs)
}

/** '850 ms', '3.2 s', '2 min 5 s'. */
export function formatDuration(ms: number): string {
  const abs = Math.abs(ms)
  if (abs < 1_000) return `${Math.round(abs)} ms`
  if (abs < 60_000) return `${(abs / 1_000).toFixed(abs < 10_000 ? 1 : 0)} s`
  const minutes = Math.floor(abs / 60_000)
  const seconds = Math.round((abs % 60_000) / 1_000)
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
}

/** The verdict on a clock skew: OK within CLOCK_SKEW_WARN_MS, else a warning saying which way. */
export function skewVerdict(skewMs: number): { status: CheckStatus; words: string } {
  if (Math.abs(skewMs) < CLOCK_SKEW_WARN_MS)
    return { status: 'ok', words: `clock within ${formatDuration(skewMs)}` }
  return {
    status: 'warn',
    words: `this device's clock is ${formatDuration(skewMs)} ${skewMs > 0 ? 'ahead of' : 'behind'} the server`,
  }
}

/** The verdict on the age of the last price: none yet, fresh, or stale. */
export function tickAgeVerdict(
  lastTickAtMs: number | null,
  nowMs: number,
): { status: CheckStatus; words: string } {
  if (lastTickAtMs === null) return { status: 'warn', words: 'no price received yet' }
  const age = Math.max(0, nowMs - lastTickAtMs)
  return age > STALE_TICK_MS
    ? { status: 'warn', words: `last price ${formatDuration(age)} ago (stale)` }
    : { status: 'ok', words: `last price ${formatDuration(age)} ago` }
}

/** The worst status of the results: what the page's headline says. */
export function overallStatus(results: readonly CheckResult[]): CheckStatus {
  if (results.some((result) => result.status === 'fail')) return 'fail'
  if (results.some((result) => result.status === 'warn')) return 'warn'
  return 'ok'
}

/** The report as plain text for the support chat: when, where, then one block per check. */
export function formatReport(
  results: readonly CheckResult[],
  context: { ranAt: Date; userAgent: string; online: boolean },
): string {
  const lines = [
    `Connection test ${context.ranAt.toISOString()}`,
    `Browser: ${context.userAgent}`,
    `Browser says online: ${context.online ? 'yes' : 'no'}`,
    `Overall: ${CHECK_STATUS_LABELS[overallStatus(results)]}`,
    '',
  ]
  for (const result of results) {
    lines.push(`[${CHECK_STATUS_LABELS[result.status]}] ${result.label}: ${result.summary}`)
    for (const detail of result.details ?? []) lines.push(`  - ${detail}`)
  }
  return lines.join('\n')
}
