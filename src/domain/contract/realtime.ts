// Names and payloads of everything that crosses the realtime connections
// (docs/product/realtime.md#push-channels-and-events; docs/architecture.md#the-realtime-hub and #the-server), defined
// once for the server, the realtime hub (workers/realtime) and the page.
import { z } from 'zod'
import { TextSchema } from './common'
import type { LivePriceUpdate } from './realtime-names'

export * from './realtime-names'

/** One live price (docs/product/data-model.md#live-price-update): the type is ./realtime-names' LivePriceUpdate. */
export const LivePriceUpdateSchema = z.object({
  id: z.string(),
  price: z.number(),
  priceLow24h: z.number().optional(),
  priceHigh24h: z.number().optional(),
  change24h: z.number().optional(),
  changePercent24h: z.number().optional(),
  volume24h: z.number().optional(),
  /** Server time of the price, epoch milliseconds: the tick-to-paint benchmark measures from it. */
  lastUpdated: z.number().optional(),
}) satisfies z.ZodType<LivePriceUpdate>

export const DataAllSchema = z.object({ success: z.boolean(), data: z.array(LivePriceUpdateSchema) })
export type DataAll = z.infer<typeof DataAllSchema>

/** POST /broadcasting/auth (docs/product/realtime.md#channel-authorisation). socket_id is Pusher's `^\d+\.\d+$`. */
export const BroadcastingAuthRequestSchema = z.object({
  socket_id: TextSchema.regex(/^\d+\.\d+$/, 'Invalid socket id'),
  channel_name: TextSchema.min(1).max(200),
})
export const BroadcastingAuthResponseSchema = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
})

export const UserUpdatedEventSchema = z.object({
  user_id: z.number().int(),
  updated_at: z.string().optional(),
})
export type UserUpdatedEvent = z.infer<typeof UserUpdatedEventSchema>
export const TradeUpdatedEventSchema = z.object({
  user_id: z.number().int(),
  trade_id: z.union([z.number(), z.string()]).optional(),
  updated_at: z.string().optional(),
})
export const NotificationEventSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  message: z.string(),
  color: z.string(),
})
export type NotificationEvent = z.infer<typeof NotificationEventSchema>
