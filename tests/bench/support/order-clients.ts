// bench:orders' customers, in a process of their own so the server's event loop is the server's alone: each
// customer holds a raw Pusher-protocol socket subscribed to its private-trade channel (authorised through
// /broadcasting/auth, as the browser hub does), and the process sends orders over HTTP at a steady rate, spread
// over the customers. It times, per trade, POST /trades/store to the trade.updated event on the customer's socket,
// and POST /trade/{id}/close to the next one; it places pending orders (POST /orders) and notes, per order, the
// position its fill opened (order.updated) and when that position's first trade.updated arrived. Driven over IPC by
// orders.ts.
import { Agent, request } from 'node:http'
import { WebSocket } from 'ws'

interface Customer {
  id: number
  token: string
}

/** A pending order to place for the customer at `customer` (an index into the customers). */
export interface PendingPlacement {
  customer: number
  /** POST /orders' body. */
  body: Record<string, unknown>
}

export interface PlacedOrder {
  orderId: number
  /** When the 201 arrived: the order was in the server's book by then. */
  placedAtMs: number
  body: Record<string, unknown>
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
  | { kind: 'place-orders'; orders: PendingPlacement[] }
  | { kind: 'fills' }
  | { kind: 'closed-events' }
  | { kind: 'stop' }

export interface RunReport {
  kind: 'ran'
  opens: number[]
  closes: number[]
  /** From the first order sent to the last: the rate the client kept up, whatever the server did. */
  sendingMs: number
  /** This process's CPU over the run. */
  clientCpuMs: number
}

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
/** trade id -> when its first trade.updated arrived, whoever asked. */
const firstTradeEvent = new Map<number, number>()
/** order id -> the position its fill opened (order.updated with status 'filled'). */
const filledOrders = new Map<number, number>()
const sockets: WebSocket[] = []

function onTradeEvent(tradeId: number, arrivedMs: number): void {
  if (!firstTradeEvent.has(tradeId)) firstTradeEvent.set(tradeId, arrivedMs)
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

// node:http on kept-alive connections rather than fetch: it costs this process about half the CPU per call, and the
// sweep's higher rates are meant to measure the server, not this process.
const agent = new Agent({ keepAlive: true, maxSockets: 256 })

function api(path: string, token: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const call = request(
      `${baseUrl}/api/v1${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'idempotency-key': `bench-${crypto.randomUUID()}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
        response.on('error', reject)
      },
    )
    call.on('error', reject)
    call.end(payload)
  })
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
      } else if (message.event === 'order.updated') {
        const updated = JSON.parse(message.data ?? '{}') as {
          id: number
          status: string
          trade_id: number | null
        }
        if (updated.status === 'filled' && updated.trade_id !== null)
          filledOrders.set(updated.id, updated.trade_id)
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

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000

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
        const cpuBefore = process.cpuUsage()
        const startedMs = performance.now()
        let lastSentMs = startedMs
        for (let index = 0; index < command.orders; index += 1) {
          const waitMs = startedMs + (index * 1000) / command.ordersPerSecond - performance.now()
          if (waitMs > 0) await sleep(waitMs)
          lastSentMs = performance.now()
          running.push(
            openAndClose(customers[index % customers.length]!, command.closeAfterMs, opens, closes),
          )
        }
        await Promise.all(running)
        const report: RunReport = {
          kind: 'ran',
          opens,
          closes,
          sendingMs: lastSentMs - startedMs,
          clientCpuMs: cpuMs(process.cpuUsage(cpuBefore)),
        }
        process.send?.(report)
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
      case 'place-orders': {
        // All at once, as customers clicking together: the caller sends a round at a time.
        const placed: PlacedOrder[] = []
        const refusals: string[] = []
        await Promise.all(
          command.orders.map(async ({ customer, body }) => {
            const answer = await api('/orders', customers[customer]!.token, body)
            const placedAtMs = wallNowMs()
            if (answer.status === 201) {
              placed.push({ orderId: (answer.json as { data: { id: number } }).data.id, placedAtMs, body })
            } else {
              refusals.push(`${answer.status} ${JSON.stringify(answer.json)}`)
            }
          }),
        )
        process.send?.({ kind: 'placed', placed, refusals })
        return
      }
      case 'fills': {
        // order id -> when the trade.updated of the position its fill opened arrived.
        const fills: Record<string, number> = {}
        for (const [orderId, tradeId] of filledOrders) {
          const arrived = firstTradeEvent.get(tradeId)
          if (arrived !== undefined) fills[String(orderId)] = arrived
        }
        process.send?.({ kind: 'filled', fills, filledOrders: filledOrders.size })
        return
      }
      case 'closed-events':
        process.send?.({ kind: 'closed-events', closedEvents: Object.fromEntries(closedEvents) })
        return
      case 'stop':
        for (const ws of sockets) ws.terminate()
        process.send?.({ kind: 'stopped' })
        setTimeout(() => process.exit(0), 100)
    }
  })().catch((error: unknown) => process.send?.({ kind: 'error', message: String(error) }))
})
