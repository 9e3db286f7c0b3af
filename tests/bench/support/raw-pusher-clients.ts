// Benchmark clients in a process of their own, so the servers' CPU is theirs alone: raw WebSockets speaking the
// Pusher protocol as pusher-js does (connect, subscribe to one public channel). Each delivery's latency is its
// arrival time minus the publish time the event carries (wall clock with sub-millisecond precision; every process
// reads the same clock). Sockets may come from many loopback addresses (127.0.x.y), so per-address caps do not
// bite, and send a page's Origin. Driven over IPC: start, report, close, stop.
import { WebSocket } from 'ws'

export interface ClientTarget {
  /** Latencies are reported per name. */
  name: string
  url: string
  count: number
  /** The page origin browsers would send. */
  origin?: string
  /** Sockets per source address; with it, sockets come from 127.0.1.1, 127.0.1.2, ... */
  perAddress?: number
  /** Where this process's addresses start (two processes must not share one address's ports). */
  firstAddress?: number
}

export type ClientCommand =
  | { kind: 'start'; targets: ClientTarget[]; channel: string }
  | { kind: 'report' }
  | { kind: 'close' }
  | { kind: 'stop' }

const wallNowMs = () => performance.timeOrigin + performance.now()
const latencies = new Map<string, number[]>()
let sockets: WebSocket[] = []

/** The n-th loopback address after 127.0.1.0: 127.0.1.1 ... 127.0.1.254, 127.0.2.1 ... */
function loopbackAddress(index: number): string {
  return `127.0.${1 + Math.floor(index / 254)}.${1 + (index % 254)}`
}

function connect(target: ClientTarget, index: number, channel: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const localAddress =
      target.perAddress === undefined
        ? undefined
        : loopbackAddress((target.firstAddress ?? 0) + Math.floor(index / target.perAddress))
    const ws = new WebSocket(target.url, {
      perMessageDeflate: false,
      ...(localAddress === undefined ? {} : { localAddress }),
      ...(target.origin === undefined ? {} : { headers: { origin: target.origin } }),
    })
    sockets.push(ws)
    const samples = latencies.get(target.name) ?? []
    latencies.set(target.name, samples)
    ws.on('error', reject)
    ws.on('close', (code) => reject(new Error(`closed with ${code} before subscribing`)))
    ws.on('message', (raw) => {
      const text = String(raw)
      if (text.includes('pusher:connection_established')) {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }))
        return
      }
      if (text.includes('pusher_internal:subscription_succeeded')) {
        resolve()
        return
      }
      // {"event":"tick","channel":"bench","data":"{\"sentAtMs\":...}"}: read the number without parsing the frame.
      const at = text.indexOf('sentAtMs')
      if (at < 0) return
      samples.push(wallNowMs() - Number.parseFloat(text.slice(text.indexOf(':', at) + 1)))
    })
  })
}

async function start(targets: ClientTarget[], channel: string): Promise<void> {
  for (const target of targets) {
    // In waves: a burst of thousands of handshakes at once only measures the accept queue.
    for (let opened = 0; opened < target.count; opened += 250) {
      const wave = Math.min(250, target.count - opened)
      await Promise.all(Array.from({ length: wave }, (_, index) => connect(target, opened + index, channel)))
    }
  }
}

process.on('message', (command: ClientCommand) => {
  void (async () => {
    switch (command.kind) {
      case 'start':
        await start(command.targets, command.channel)
        process.send?.({ kind: 'ready', sockets: sockets.length })
        return
      case 'report':
        process.send?.({ kind: 'report', latencies: Object.fromEntries(latencies) })
        for (const samples of latencies.values()) samples.length = 0
        return
      case 'close': {
        const closing = sockets.map(
          (ws) =>
            new Promise<void>((resolve) =>
              ws.readyState === WebSocket.CLOSED ? resolve() : ws.once('close', () => resolve()),
            ),
        )
        for (const ws of sockets) ws.terminate()
        await Promise.all(closing)
        sockets = []
        latencies.clear()
        process.send?.({ kind: 'closed' })
        return
      }
      case 'stop':
        for (const ws of sockets) ws.terminate()
        process.exit(0)
    }
  })().catch((error: unknown) => {
    process.send?.({ kind: 'error', message: String(error) })
  })
})
