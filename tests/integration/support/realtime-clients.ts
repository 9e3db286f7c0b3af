// Real realtime clients for integration tests: pusher-js (its Node build), a raw WebSocket that shows the frames
// themselves, and socket.io-client for the price feed. Every client made here is closed by `closeAllClients()`.
import Pusher, { type Options as PusherOptions } from 'pusher-js'
import { io, type Socket } from 'socket.io-client'
import { WebSocket } from 'ws'

const open: Array<() => void> = []

export function closeAllClients(): void {
  for (const close of open.splice(0)) close()
}

/** Resolves with the first value `subscribe` delivers, or rejects after `timeoutMs`. */
export function waitFor<T>(
  label: string,
  subscribe: (deliver: (value: T) => void) => void,
  timeoutMs = 5_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${label}`)),
      timeoutMs,
    )
    subscribe((value) => {
      clearTimeout(timer)
      resolve(value)
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `check` stops throwing (or returns true), like a person watching a screen. */
export async function eventually(check: () => unknown | Promise<unknown>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const result = await check()
      if (result !== false) return
    } catch (error) {
      if (Date.now() > deadline) throw error
    }
    if (Date.now() > deadline) throw new Error('eventually: condition never held')
    await sleep(50)
  }
}

export function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port)
}

/** pusher-js pointed at our server the way the browser hub points it at the page's origin. */
export function pusherClient(baseUrl: string, key: string, options: Partial<PusherOptions> = {}): Pusher {
  const port = portOf(baseUrl)
  const client = new Pusher(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    ...options,
  })
  open.push(() => client.disconnect())
  return client
}

export async function connectedPusher(
  baseUrl: string,
  key: string,
  options: Partial<PusherOptions> = {},
): Promise<Pusher> {
  const client = pusherClient(baseUrl, key, options)
  await waitFor('pusher connected', (deliver) => client.connection.bind('connected', deliver))
  return client
}

export interface RawFrame {
  event: string
  channel?: string
  data?: unknown
  user_id?: string
}

/** A bare WebSocket to /app/{key}: frames as the server wrote them, and the close code. */
export interface RawSocket {
  ws: WebSocket
  frames: RawFrame[]
  next(event: string, timeoutMs?: number): Promise<RawFrame>
  send(event: string, data: unknown, channel?: string): void
  closed: Promise<{ code: number; reason: string }>
}

export function rawPusherSocket(
  baseUrl: string,
  key: string,
  query = 'protocol=7&client=js&version=8.6.0',
  /** Handshake headers: an Origin, or an X-Forwarded-For for a server that trusts its proxy. */
  headers: Record<string, string> = {},
): RawSocket {
  const ws = new WebSocket(`ws://127.0.0.1:${portOf(baseUrl)}/app/${key}?${query}`, { headers })
  const frames: RawFrame[] = []
  const waiters: Array<{ event: string; resolve: (frame: RawFrame) => void }> = []
  // Each frame is handed out once, to the first next() that asks for its event.
  const taken = new Set<number>()
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as RawFrame
    frames.push(frame)
    const index = waiters.findIndex((waiter) => waiter.event === frame.event)
    if (index < 0) return
    taken.add(frames.length - 1)
    waiters.splice(index, 1)[0]?.resolve(frame)
  })
  ws.on('error', () => undefined)
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  open.push(() => ws.terminate())
  return {
    ws,
    frames,
    closed,
    next(event, timeoutMs = 5_000) {
      const index = frames.findIndex((frame, position) => !taken.has(position) && frame.event === event)
      if (index >= 0) {
        taken.add(index)
        return Promise.resolve(frames[index] as RawFrame)
      }
      return waitFor(`raw frame ${event}`, (deliver) => waiters.push({ event, resolve: deliver }), timeoutMs)
    },
    send(event, data, channel) {
      const send = () =>
        ws.send(JSON.stringify({ event, data, ...(channel === undefined ? {} : { channel }) }))
      if (ws.readyState === WebSocket.OPEN) send()
      else ws.once('open', send)
    },
  }
}

export function priceClient(
  baseUrl: string,
  auth: Record<string, unknown> | undefined,
  /** Handshake headers (Node only): an Origin, or an X-Forwarded-For for a server that trusts its proxy. */
  extraHeaders?: Record<string, string>,
): Socket {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth === undefined ? {} : { auth }),
    ...(extraHeaders === undefined ? {} : { extraHeaders }),
  })
  open.push(() => socket.close())
  return socket
}

/** The value of an unlabelled metric in Prometheus text. */
export function metricValue(metricsText: string, name: string): number {
  const line = metricsText.split('\n').find((candidate) => candidate.startsWith(`${name} `))
  if (line === undefined) throw new Error(`metric ${name} not found`)
  return Number(line.slice(name.length + 1))
}
