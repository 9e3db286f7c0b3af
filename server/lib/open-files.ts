// How many files (sockets included) this process may hold open: the soft RLIMIT_NOFILE, read from Linux's
// /proc/self/limits (Node has no getrlimit). The broker's connection cap follows it (decision 0026).
import { readFileSync } from 'node:fs'

/** Files kept for everything that is not a realtime socket: the database pool, HTTP requests, uploads, logs. */
export const RESERVED_FILES = 1_000
/** Where the limit cannot be read (not Linux): the cap the broker always had. */
const FALLBACK_MAX_CONNECTIONS = 10_000

export function openFileLimit(limitsText?: string): number | undefined {
  let text = limitsText
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8')
    } catch {
      return undefined
    }
  }
  const match = /^Max open files\s+(\d+|unlimited)\s+/m.exec(text)
  if (!match?.[1]) return undefined
  return match[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(match[1])
}

/** The broker's default connection cap: the open-file limit less RESERVED_FILES (at least 100). */
export function defaultMaxConnections(limit: number | undefined): number {
  if (limit === undefined) return FALLBACK_MAX_CONNECTIONS
  return Math.max(100, limit - RESERVED_FILES)
}
