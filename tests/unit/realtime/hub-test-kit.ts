// Fakes for the realtime hub: transports driven by hand, a recording fetch, Web Locks released on demand and tabs
// that record what the hub tells them. No sockets, no worker.
import { vi } from 'vitest'
import { CONNECTION_STATUS, type ConnectionStatus } from '../../../src/domain/contract/realtime'
import type { RealtimeEndpoints } from '../../../src/domain/contract/site'
import { createHub, type FetchInit, type Hub, type HubDeps } from '../../../workers/realtime/hub'
import type { PresenceMembers, TabMessage } from '../../../workers/realtime/protocol'
import type {
  PriceTransport,
  PriceTransportOptions,
  PushTransport,
  PushTransportOptions,
} from '../../../workers/realtime/transports/types'

export const TOKEN = 'token-1'
export const API = 'https://broker.example/api/v1'
export const ENDPOINTS: RealtimeEndpoints = {
  pusher: { key: 'app-key', cluster: 'mt1' },
  prices: { apiKey: 'price-key' },
}

export class FakePush implements PushTransport {
  readonly channels = new Set<string>()
  disconnected = false
  reconnects = 0
  constructor(readonly options: PushTransportOptions) {}
  subscribe(channel: string) {
    this.channels.add(channel)
  }
  unsubscribe(channel: string) {
    this.channels.delete(channel)
  }
  reconnect() {
    this.reconnects += 1
  }
  /** Answers at once, like a service next door. */
  ping() {
    return Promise.resolve()
  }
  disconnect() {
    this.disconnected = true
  }
  status(status: ConnectionStatus, reason?: string) {
    this.options.onStatus(status, reason)
  }
  connected() {
    this.status(CONNECTION_STATUS.CONNECTED)
  }
  event(channel: string, event: string, data: unknown) {
    this.options.onEvent(channel, event, data)
  }
  /** The service confirmed the channel's subscription. */
  subscribed(channel: string) {
    this.options.onSubscribed?.(channel)
  }
  /** A presence channel's members as pusher-js holds them after a confirmation, an arrival or a departure. */
  members(channel: string, presence: PresenceMembers) {
    this.options.onMembers?.(channel, presence)
  }
}

export class FakePrices implements PriceTransport {
  disconnected = false
  reconnects = 0
  constructor(readonly options: PriceTransportOptions) {}
  reconnect() {
    this.reconnects += 1
  }
  disconnect() {
    this.disconnected = true
  }
  update(ticks: unknown) {
    this.options.onUpdate(ticks)
  }
  snapshot(payload: unknown) {
    this.options.onSnapshot(payload)
  }
}

export interface FetchCall {
  url: string
  path: string
  method: string
  headers: Record<string, string>
  body: unknown
}

type Responder = (call: FetchCall) => { status?: number; body?: unknown } | undefined

export function createFakeFetch() {
  const calls: FetchCall[] = []
  let responder: Responder = () => undefined
  const fetch = vi.fn(async (url: string, init: FetchInit) => {
    const call: FetchCall = {
      url,
      path: url.startsWith(API) ? url.slice(API.length) : url,
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    }
    calls.push(call)
    const answer = responder(call) ?? {}
    const status = answer.status ?? 200
    return { ok: status >= 200 && status < 300, status, json: async () => answer.body ?? {} }
  })
  return {
    fetch,
    calls,
    respond(next: Responder) {
      responder = next
    },
    to: (path: string) => calls.filter((call) => call.path.split('?')[0] === path),
  }
}

/** Web Locks whose queued requests are granted when the test says the holding tab died. */
export function createFakeLocks() {
  const queued = new Map<string, () => void>()
  return {
    request: vi.fn(
      (name: string, callback: () => unknown) =>
        new Promise<unknown>((resolve) => {
          queued.set(name, () => resolve(callback()))
        }),
    ),
    queued,
    /** The tab holding `name` is gone: the browser grants the hub's queued request. */
    die(name: string) {
      const grant = queued.get(name)
      queued.delete(name)
      grant?.()
    },
  }
}

export interface FakeTab {
  id: string
  messages: TabMessage[]
  sink: ReturnType<typeof vi.fn>
  of: <T extends TabMessage['type']>(type: T) => Extract<TabMessage, { type: T }>[]
  events: (event?: string) => Extract<TabMessage, { type: 'event' }>[]
  clear: () => void
}

export function createTestHub(overrides: Partial<HubDeps> = {}) {
  const pushes: FakePush[] = []
  const priceSockets: FakePrices[] = []
  const http = createFakeFetch()
  const locks = createFakeLocks()
  const log = { warn: vi.fn() }
  const hub: Hub = createHub({
    createPushTransport: (options) => {
      const transport = new FakePush(options)
      pushes.push(transport)
      return transport
    },
    createPriceTransport: (options) => {
      const transport = new FakePrices(options)
      priceSockets.push(transport)
      return transport
    },
    fetch: http.fetch,
    locks,
    log,
    origin: 'https://broker.example',
    ...overrides,
  })

  function addTab(
    id: string,
    init: { visible?: boolean; lock?: boolean; sink?: (m: TabMessage) => unknown } = {},
  ) {
    const messages: TabMessage[] = []
    const sink = vi.fn((message: TabMessage) => {
      messages.push(message)
      return init.sink?.(message)
    })
    hub.register(id, sink, { visible: init.visible ?? true, lock: init.lock ?? true })
    const tab: FakeTab = {
      id,
      messages,
      sink,
      of: <T extends TabMessage['type']>(type: T) =>
        messages.filter((message): message is Extract<TabMessage, { type: T }> => message.type === type),
      events: (event?: string) =>
        messages.filter(
          (message): message is Extract<TabMessage, { type: 'event' }> =>
            message.type === 'event' && (event === undefined || message.event === event),
        ),
      clear: () => {
        messages.length = 0
      },
    }
    return tab
  }

  return {
    hub,
    http,
    locks,
    log,
    pushes,
    priceSockets,
    addTab,
    /** The one open transport, failing the test if there is none or several. */
    get push(): FakePush {
      const open = pushes.filter((push) => !push.disconnected)
      if (open.length !== 1) throw new Error(`expected one open Pusher transport, found ${open.length}`)
      return open[0] as FakePush
    },
    get prices(): FakePrices {
      const open = priceSockets.filter((socket) => !socket.disconnected)
      if (open.length !== 1) throw new Error(`expected one open price socket, found ${open.length}`)
      return open[0] as FakePrices
    },
    signIn(token = TOKEN) {
      hub.configure({ token, apiBaseUrl: API, realtime: ENDPOINTS })
    },
  }
}
