// Names and payloads of everything that crosses the realtime connections
// (docs/product/realtime.md#push-channels-and-events; docs/architecture.md#the-realtime-hub and #the-server), defined
// once for the server, the realtime hub (workers/realtime) and the page. In zod/mini: the signed-in layouts load it
// for their first render, and zod/mini builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import './zod-messages'
import { TextSchema } from './common'
import type { LivePriceUpdate } from './realtime-names'

export * from './realtime-names'

/** One live price (docs/product/data-model.md#live-price-update): the type is ./realtime-names' LivePriceUpdate. */
export const LivePriceUpdateSchema = z.object({
  id: z.string(),
  price: z.number(),
  priceLow24h: z.optional(z.number()),
  priceHigh24h: z.optional(z.number()),
  change24h: z.optional(z.number()),
  changePercent24h: z.optional(z.number()),
  volume24h: z.optional(z.number()),
  /** Server time of the price, epoch milliseconds: the tick-to-paint benchmark measures from it. */
  lastUpdated: z.optional(z.number()),
}) satisfies z.ZodMiniType<LivePriceUpdate>

export const DataAllSchema = z.object({ success: z.boolean(), data: z.array(LivePriceUpdateSchema) })
export type DataAll = z.infer<typeof DataAllSchema>

/** POST /broadcasting/auth (docs/product/realtime.md#channel-authorisation). socket_id is Pusher's `^\d+\.\d+$`. */
export const BroadcastingAuthRequestSchema = z.object({
  socket_id: TextSchema.check(z.regex(/^\d+\.\d+$/, 'Invalid socket id')),
  channel_name: TextSchema.check(z.minLength(1), z.maxLength(200)),
})
export const BroadcastingAuthResponseSchema = z.object({
  auth: z.string(),
  channel_data: z.optional(z.string()),
})

export const UserUpdatedEventSchema = z.object({
  user_id: z.int(),
  updated_at: z.optional(z.string()),
})
export type UserUpdatedEvent = z.infer<typeof UserUpdatedEventSchema>
export const TradeUpdatedEventSchema = z.object({
  user_id: z.int(),
  trade_id: z.optional(z.union([z.number(), z.string()])),
  updated_at: z.optional(z.string()),
})
export const NotificationEventSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  message: z.string(),
  color: z.string(),
})
export type NotificationEvent = z.infer<typeof NotificationEventSchema>
