// The connection doctor's checks (/main/test, decision 0020): each gathers its facts on its own, with its own time
// limit, so a cut network fails the checks that need it, clearly and at once, while the others still answer. The
// verdicts and words are src/domain/diagnostics/connection-report.ts's.
import { formatBytes } from '../../domain/account/document-upload'
import { SiteDataResponseSchema } from '../../domain/contract/site'
import {
  clockSkewMs,
  formatDuration,
  SLOW_ROUND_TRIP_MS,
  skewVerdict,
  tickAgeVerdict,
  type CheckResult,
} from '../../domain/diagnostics/connection-report'
import { readChatHistory, readWatchlist } from '../../lib/db'
import { http, HttpError } from '../../lib/http'
import type { RealtimeClient } from '../../lib/realtime-client'
import { readSettingsCache } from '../../lib/settings-cache'

export interface CheckEnvironment {
  realtime: RealtimeClient | null
  userId: number
  now: () => number
}

export interface CheckDefinition {
  id: string
  label: string
  run: (env: CheckEnvironment) => Promise<Omit<CheckResult, 'id' | 'label'>>
}

/** No check may hang the page: past this it fails with the time it waited. */
export const CHECK_TIMEOUT_MS = 8_000

class CheckTimeout extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CheckTimeout(`No answer within ${formatDuration(ms)}`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

function failureWords(error: unknown): string {
  if (error instanceof HttpError) {
    return error.status === 0
      ? `No answer from the server (${error.statusText})`
      : `${error.status}: ${error.message}`
  }
  return error instanceof Error ? error.message : String(error)
}

const noHub = { status: 'fail', summary: 'The realtime hub is not running in this tab' } as const

/** A socket that is still opening gets this long to connect before it is judged (a test run just after load). */
export const CONNECT_GRACE_MS = 5_000

type HubStatus = ReturnType<RealtimeClient['getStatus']>

/** The hub's status once `settled` says so, or as it is after `ms`. */
function settledStatus(realtime: RealtimeClient, settled: (status: HubStatus) => boolean, ms: number) {
  return new Promise<HubStatus>((resolve) => {
    let stop: () => void = () => undefined
    const timer = setTimeout(() => {
      stop()
      resolve(realtime.getStatus())
    }, ms)
    stop = realtime.onStatus((status) => {
      if (!settled(status)) return
      clearTimeout(timer)
      queueMicrotask(() => stop())
      resolve(status)
    })
  })
}

const hub: CheckDefinition = {
  id: 'hub',
  label: 'Realtime hub',
  async run({ realtime }) {
    if (!realtime) return noHub
    const mode =
      realtime.mode === 'shared'
        ? 'SharedWorker: one connection shared by all tabs'
        : 'A worker per tab (this browser has no SharedWorker)'
    const snapshot = await within(realtime.inspect(), 3_000)
    return {
      status: 'ok',
      summary: mode,
      details: [
        `${snapshot.tabs.length} tab${snapshot.tabs.length === 1 ? '' : 's'} connected`,
        `heartbeat ${snapshot.heartbeat ? 'running' : 'stopped'}`,
      ],
    }
  },
}

const push: CheckDefinition = {
  id: 'push',
  label: 'Push connection (Pusher)',
  async run({ realtime }) {
    if (!realtime) return noHub
    const status = await settledStatus(
      realtime,
      (current) => current.status === 'connected',
      CONNECT_GRACE_MS,
    )
    if (status.status !== 'connected') {
      return {
        status: status.status === 'connecting' ? 'warn' : 'fail',
        summary:
          status.status === 'connecting'
            ? 'Connecting...'
            : `Not connected (${status.message ?? status.status})`,
      }
    }
    const roundTrip = await within(realtime.ping(), 6_000)
    if (roundTrip === null) return { status: 'warn', summary: 'Connected, but the ping got no answer' }
    return {
      status: roundTrip > SLOW_ROUND_TRIP_MS ? 'warn' : 'ok',
      summary: `Connected, ping ${formatDuration(roundTrip)}`,
    }
  },
}

const prices: CheckDefinition = {
  id: 'prices',
  label: 'Price feed',
  async run({ realtime, now }) {
    if (!realtime) return noHub
    const status = await settledStatus(
      realtime,
      (current) => current.prices === 'connected' && current.lastTickAt !== null,
      CONNECT_GRACE_MS,
    )
    const age = tickAgeVerdict(status.lastTickAt ?? null, now())
    if (status.prices !== 'connected') {
      return {
        status: status.prices === 'connecting' ? 'warn' : 'fail',
        summary: `${status.prices === 'connecting' ? 'Connecting...' : 'Not connected'}; ${age.words}`,
      }
    }
    return { status: age.status, summary: `Connected; ${age.words}` }
  },
}

const polling: CheckDefinition = {
  id: 'polling',
  label: 'Backup polling',
  async run({ realtime }) {
    if (!realtime) return noHub
    return realtime.getStatus().polling
      ? {
          status: 'warn',
          summary: 'On: the push connection is down, so chat is fetched every 5 s and the account every 30 s',
        }
      : { status: 'ok', summary: 'Off: updates arrive over the push connection' }
  },
}

const api: CheckDefinition = {
  id: 'api',
  label: 'Server (API)',
  async run({ now }) {
    const sentAt = now()
    const body = await within(http.get('/data', { schema: SiteDataResponseSchema }), CHECK_TIMEOUT_MS)
    const receivedAt = now()
    const roundTrip = receivedAt - sentAt
    const serverMs = body.data.server_time ? Date.parse(body.data.server_time) : Number.NaN
    const slow = roundTrip > SLOW_ROUND_TRIP_MS
    if (Number.isNaN(serverMs)) {
      return {
        status: slow ? 'warn' : 'ok',
        summary: `${formatDuration(roundTrip)} round trip; server time unknown`,
      }
    }
    const skew = skewVerdict(clockSkewMs(sentAt, receivedAt, serverMs))
    return {
      status: slow || skew.status !== 'ok' ? 'warn' : 'ok',
      summary: `${formatDuration(roundTrip)} round trip; ${skew.words}`,
    }
  },
}

/** Every Cache Storage cache with its entries and bytes (the bytes of each stored answer's body). */
async function cacheSizes(): Promise<{ name: string; entries: number; bytes: number }[]> {
  const names = await caches.keys()
  return Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name)
      const requests = await cache.keys()
      let bytes = 0
      for (const request of requests) {
        const response = await cache.match(request)
        if (response) bytes += (await response.clone().blob()).size
      }
      return { name, entries: requests.length, bytes }
    }),
  )
}

const serviceWorker: CheckDefinition = {
  id: 'service-worker',
  label: 'Service worker',
  async run() {
    // The service worker's bridge is its own chunk, fetched by the app's root after the first render (decision 0043).
    const { readServiceWorkerState } = await import('../../lib/pwa')
    const state = await within(readServiceWorkerState(), 4_000)
    if (!state) return { status: 'warn', summary: 'Not available in this browser' }
    const sizes = 'caches' in globalThis ? await within(cacheSizes(), 6_000) : []
    const details = sizes.map((cache) => `${cache.name}: ${cache.entries} files, ${formatBytes(cache.bytes)}`)
    if (!state.state)
      return { status: 'warn', summary: 'Not installed (the app will not open offline)', details }
    const version = state.version ? `version ${state.version}` : 'version unknown'
    return {
      status: state.controlling ? 'ok' : 'warn',
      summary: `${state.controlling ? 'Active' : 'Installed, not yet in control (reload)'}, ${version}${
        state.updateWaiting ? '; an update waits' : ''
      }`,
      details,
    }
  },
}

const storage: CheckDefinition = {
  id: 'storage',
  label: 'Storage',
  async run() {
    if (!navigator.storage?.estimate) return { status: 'info', summary: 'This browser does not say' }
    const estimate = await within(navigator.storage.estimate(), 3_000)
    const persisted = navigator.storage.persisted ? await navigator.storage.persisted() : false
    const used = estimate.usage ?? 0
    const quota = estimate.quota ?? 0
    const share = quota > 0 ? used / quota : 0
    return {
      status: share > 0.9 ? 'warn' : 'ok',
      summary: `${formatBytes(used)} used of ${formatBytes(quota)}`,
      details: [
        persisted ? 'Kept by the browser (persistent)' : 'May be cleared by the browser when space runs low',
      ],
    }
  },
}

const offline: CheckDefinition = {
  id: 'offline',
  label: 'Ready offline',
  async run({ userId }) {
    const hasCaches = 'caches' in globalThis
    const shell = hasCaches ? Boolean(await caches.match('/index.html', { ignoreSearch: true })) : false
    const settingsInCache = hasCaches
      ? Boolean(await caches.match('/api/v1/settings', { ignoreSearch: true }))
      : false
    const settings = settingsInCache || readSettingsCache().settings !== null
    const [chat, watchlist] = await within(
      Promise.all([readChatHistory(`${userId}:${userId}`), readWatchlist()]),
      3_000,
    )
    // Cached files open the app offline only once a service worker answers for the page.
    const controlled = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null
    const ready = shell && settings && controlled
    const yes = (value: boolean) => (value ? 'yes' : 'no')
    return {
      status: ready ? 'ok' : 'warn',
      summary: ready ? 'The app opens without a connection' : 'The app may not open without a connection',
      details: [
        `Service worker in control: ${yes(controlled)}`,
        `App shell cached: ${yes(shell)}`,
        `Site settings cached: ${yes(settings)}`,
        `Chat history on this device: ${chat.length} message${chat.length === 1 ? '' : 's'}`,
        `Watchlist on this device: ${watchlist.length} asset${watchlist.length === 1 ? '' : 's'}`,
      ],
    }
  },
}

export const CHECKS: readonly CheckDefinition[] = [
  hub,
  push,
  prices,
  polling,
  api,
  serviceWorker,
  storage,
  offline,
]

/** Runs one check; a thrown error or a time-out is that check's failure, never the page's. */
export async function runCheck(check: CheckDefinition, env: CheckEnvironment): Promise<CheckResult> {
  try {
    const result = await within(check.run(env), CHECK_TIMEOUT_MS)
    return { id: check.id, label: check.label, ...result }
  } catch (error) {
    return { id: check.id, label: check.label, status: 'fail', summary: failureWords(error) }
  }
}
