// What the hub is handed instead of touching worker globals (clock, fetch, Web Locks, log), and the context every
// part of the hub shares. Passing these in is what lets tests/unit/realtime run the hub with fakes.
import type { HubConfig } from '../protocol'

export interface Clock {
  now: () => number
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  setInterval: (callback: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

/** Reads the globals at call time, so fake timers installed after createHub still apply. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
}

/** The part of the Web Locks API the hub uses: a queued request is granted once the tab holding it is gone. */
export interface LocksLike {
  request: (name: string, callback: () => unknown) => Promise<unknown>
}

export interface FetchInit {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  signal?: AbortSignal
}

export type FetchLike = (
  url: string,
  init: FetchInit,
) => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>

export interface HubLogger {
  warn: (...args: unknown[]) => void
}

/** What every part of the hub reads: the clock, the log and the configuration the tabs gave last. */
export interface HubContext {
  clock: Clock
  log: HubLogger
  config: () => Required<HubConfig>
}
