// Everything the hub receives (socket payloads, HTTP bodies, a tab's answer) is unknown until checked.

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
