// The realtime figures on /metrics (the app's own registry): live connection counts are read when scraped, so they
// can never drift from the truth; messages and ticks are counters.
import { Counter, Gauge, type Registry } from 'prom-client'
import type { PublishResult } from './publisher'

export interface RealtimeGaugeSources {
  pusherConnections: () => number
  pusherSubscriptions: () => number
  priceConnections: () => number
}

export function registerRealtimeMetrics(registry: Registry, sources: RealtimeGaugeSources) {
  new Gauge({
    name: 'realtime_pusher_connections',
    help: 'WebSocket connections open on the embedded Pusher broker',
    registers: [registry],
    collect() {
      this.set(sources.pusherConnections())
    },
  })
  new Gauge({
    name: 'realtime_pusher_subscriptions',
    help: 'Channel subscriptions held by those connections',
    registers: [registry],
    collect() {
      this.set(sources.pusherSubscriptions())
    },
  })
  new Gauge({
    name: 'price_feed_connections',
    help: 'Authenticated socket.io connections on the price feed',
    registers: [registry],
    collect() {
      this.set(sources.priceConnections())
    },
  })
  const messagesSent = new Counter({
    name: 'realtime_messages_sent_total',
    help: 'Pusher protocol messages written to client sockets by the embedded broker',
    registers: [registry],
  })
  const eventsPublished = new Counter({
    name: 'realtime_events_published_total',
    help: 'Events the API handed to the pusher SDK, by result',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const ticksEmitted = new Counter({
    name: 'price_ticks_emitted_total',
    help: 'Price ticks sent to the live room (each counted once, however many clients receive it)',
    registers: [registry],
  })
  return {
    messagesSent,
    ticksEmitted,
    published: (result: PublishResult) => eventsPublished.inc({ result }),
  }
}
