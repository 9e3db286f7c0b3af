// bench:orders' customers, in a process of their own so the server's event loop is the server's alone: each
// customer holds a raw Pusher-protocol socket subscribed to its private-trade channel (authorised through
// /broadcasting/auth, as the browser hub does), and the process sends orders over HTTP at a steady rate, spread
// over the customers. It times, per trade, POST /trades/store to the trade.updated event on the customer's socket,
// and POST /trade/{id}/close to the next one. Driven over IPC by orders.ts.
import { WebSocket } from 'ws'

interface Customer {
  id: number
  token: string
}

export type OrderCommand =
  | {
      kind: 'start'
      baseUrl: string
      pusherKey: string
      customers: Customer[]
      /** The order body for POST /trades/store, without levels. */
      order: Record<string, unknown>
    }
  | { kind: 'run'; ordersPerSecond: number; orders: number; closeAfterMs: number }
  | { kind: 'open-with-stop-loss'; positions: { side: 'buy' | 'sell'; stopLoss: number }[] }
  | { kind: 'stop' }

const wallNowMs = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let baseUrl = ''
let order: Record<string, unknown> = {}
const customers: Customer[] = []
/** trade id -> waiting for its next trade.updated, with when the wait began. */
const waiting = new Map<number, { sinceMs: number; resolve: (arrivedMs: number) => void }>()
/** trade.updated events that arrived before the HTTP answer named their trade. */
const early = new Map<number, number>()
/** trade id -> when its (unasked) closing event arrived: the stop-loss closes. */
const closedEvents = new Map<number, number>()
const sockets: WebSocket[] = []

function onTradeEvent(tradeId: number, arrivedMs: number): void {
  const waiter = waiting.get(tradeId)
  if (waiter) {
    waiting.delete(tradeId)
    waiter.resolve(arrivedMs)
    return
  }
  early.set(tradeId, arrivedMs)
  closedEvents.set(tradeId, arrivedMs)
}

function nextEvent(tradeId: number): Promise<number> {
  const arrived = early.get(tradeId)
  if (arrived !== undefined) {
    early.delete(tradeId)
    return Promise.resolve(arrived)
  }
  return new Promise((resolve) => waiting.set(tradeId, { sinceMs: wallNowMs(), resolve }))
}

async function api(path: string, token: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-${crypto.randomUUID()}`,
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: await response.json() }
}

function subscribe(pusherKey: string, customer: Customer): Promise<void> {
  const url = `${baseUrl.replace('http', 'ws')}/app/${pusherKey}?protocol=7&client=js&version=8.6.0`
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, headers: { origin: baseUrl } })
    sockets.push(ws)
    const channel = `private-trade.${customer.id}`
    ws.on('error', reject)
    ws.on('close', (code) => reject(new Error(`customer ${customer.id}'s socket closed with ${code}`)))
    ws.on('message', (raw) => {
      const arrivedMs = wallNowMs()
      const message = JSON.parse(String(raw)) as { event: string; data?: string }
      if (message.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(message.data ?? '{}') as { socket_id: string }).socket_id
        void api('/broadcasting/auth', customer.token, { socket_id: socketId, channel_name: channel }).then(
          ({ json }) =>
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, ...(json as object) } })),
          reject,
        )
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        resolve()
      } else if (message.event === 'trade.updated') {
        onTradeEvent((JSON.parse(message.data ?? '{}') as { trade_id: number }).trade_id, arrivedMs)
      }
    })
  })
}

async function openAndClose(customer: Customer, closeAfterMs: number, opens: number[], closes: number[]) {
  const sentMs = wallNowMs()
  const opened = await api('/trades/store', customer.token, order)
  if (opened.status !== 201)
    throw new Error(`an order was refused: ${opened.status} ${JSON.stringify(opened.json)}`)
  const tradeId = (opened.json as { data: { id: number } }).data.id
  opens.push((await nextEvent(tradeId)) - sentMs)
  await sleep(closeAfterMs)
  const closeSentMs = wallNowMs()
  const closed = await api(`/trade/${tradeId}/close`, customer.token, {})
  if (closed.status !== 200)
    throw new Error(`a close was refused: ${closed.status} ${JSON.stringify(closed.json)}`)
  closes.push((await nextEvent(tradeId)) - closeSentMs)
}

process.on('message', (command: OrderCommand) => {
  void (async () => {
    switch (command.kind) {
      case 'start': {
        baseUrl = command.baseUrl
        order = command.order
        customers.push(...command.customers)
        for (let index = 0; index < customers.length; index += 20) {
          await Promise.all(
            customers.slice(index, index + 20).map((customer) => subscribe(command.pusherKey, customer)),
          )
        }
        process.send?.({ kind: 'ready' })
        return
      }
      case 'run': {
        const opens: number[] = []
        const closes: number[] = []
        const running: Promise<void>[] = []
        const startedMs = performance.now()
        for (let index = 0; index < command.orders; index += 1) {
          const waitMs = startedMs + (index * 1000) / command.ordersPerSecond - performance.now()
          if (waitMs > 0) await sleep(waitMs)
          running.push(
            openAndClose(customers[index % customers.length]!, command.closeAfterMs, opens, closes),
          )
        }
        await Promise.all(running)
        process.send?.({ kind: 'ran', opens, closes })
        return
      }
      case 'open-with-stop-loss': {
        // One position per customer, each with its stop-loss; the caller watches the ticks and the closes.
        const trades: { tradeId: number; side: 'buy' | 'sell'; stopLoss: number }[] = []
        const refusals: string[] = []
        await Promise.all(
          command.positions.map(async ({ side, stopLoss }, index) => {
            const answer = await api('/trades/store', customers[index % customers.length]!.token, {
              ...order,
              type: side,
              stop_loss: stopLoss,
            })
            if (answer.status === 201) {
              const tradeId = (answer.json as { data: { id: number } }).data.id
              await nextEvent(tradeId)
              trades.push({ tradeId, side, stopLoss })
            } else {
              refusals.push(`${answer.status} ${JSON.stringify(answer.json)}`)
            }
          }),
        )
        process.send?.({ kind: 'opened', trades, refusals })
        return
      }
      case 'stop':
        for (const ws of sockets) ws.terminate()
        process.send?.({ kind: 'closed-events', closedEvents: Object.fromEntries(closedEvents) })
        setTimeout(() => process.exit(0), 100)
    }
  })().catch((error: unknown) => process.send?.({ kind: 'error', message: String(error) }))
})
