// The bench:cluster clients, in a process of their own so the instances' CPU is theirs alone: raw WebSockets
// speaking the Pusher protocol (what pusher-js sends: connect, subscribe to one public channel), split over the
// instances' addresses. Each delivery's latency is its arrival time minus the publish time the event carries
// (wall clock with sub-millisecond precision; both processes read the same clock). Driven over IPC by cluster.ts.
import { WebSocket } from 'ws'

interface Start {
  kind: 'start'
  targets: { name: string; url: string; count: number }[]
  channel: string
}

const wallNowMs = () => performance.timeOrigin + performance.now()
const latencies = new Map<string, number[]>()
const sockets: WebSocket[] = []

function connect(name: string, url: string, channel: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false })
    sockets.push(ws)
    const samples = latencies.get(name) ?? []
    latencies.set(name, samples)
    ws.on('error', reject)
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
      // {"event":"tick","channel":"bench","data":"{\"sentAtMs\":...}"}: read the number without a second parse.
      const at = text.indexOf('sentAtMs')
      if (at < 0) return
      const sentAtMs = Number.parseFloat(text.slice(text.indexOf(':', at) + 1))
      samples.push(wallNowMs() - sentAtMs)
    })
  })
}

process.on('message', (message: Start | { kind: 'report' } | { kind: 'stop' }) => {
  void (async () => {
    if (message.kind === 'start') {
      for (const target of message.targets) {
        // In waves: a burst of thousands of handshakes at once only measures the accept queue.
        for (let opened = 0; opened < target.count; opened += 250) {
          const wave = Math.min(250, target.count - opened)
          await Promise.all(
            Array.from({ length: wave }, () => connect(target.name, target.url, message.channel)),
          )
        }
      }
      process.send?.({ kind: 'ready', sockets: sockets.length })
    } else if (message.kind === 'report') {
      process.send?.({ kind: 'report', latencies: Object.fromEntries(latencies) })
      for (const samples of latencies.values()) samples.length = 0
    } else {
      for (const ws of sockets) ws.terminate()
      process.exit(0)
    }
  })().catch((error: unknown) => {
    process.send?.({ kind: 'error', message: String(error) })
  })
})
