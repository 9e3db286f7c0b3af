// The names and timings of the realtime connections (channels, events, connection states), without a schema: the
// page's entry imports these (the root hears the site channel, the price store checks ticks), and the schemas of
// ./realtime would bring classic zod into the sign-in page's first load (decision 0027). ./realtime re-exports all.

/**
 * One live price (docs/product/data-model.md#live-price-update); `id` is the asset's asset_id. Declared here, where
 * the page's entry checks ticks without a schema; ./realtime's LivePriceUpdateSchema parses exactly this shape
 * (tests/unit/contract/live-price-update-agrees-with-its-schema.test.ts).
 */
export type LivePriceUpdate = {
  id: string
  price: number
  priceLow24h?: number
  priceHigh24h?: number
  change24h?: number
  changePercent24h?: number
  volume24h?: number
  /** Server time of the price, epoch milliseconds: the tick-to-paint benchmark measures from it. */
  lastUpdated?: number
}

/** Private channels on the push service. pusher-js needs the 'private-' prefix on the wire. */
export const CHANNELS = {
  user: (userId: number) => `private-user.${userId}`,
  notification: (userId: number) => `private-notification.${userId}`,
  trade: (userId: number) => `private-trade.${userId}`,
  chatCustomer: (customerId: number) => `private-chat.customer.${customerId}`,
} as const

/**
 * Which private channel names a signed-in user may subscribe to (docs/architecture.md#the-server: owner only; admins
 * any chat).
 */
export const PRIVATE_CHANNEL_PATTERN = /^private-(user|notification|trade|chat\.customer)\.(\d+)$/

/**
 * Event names as they travel on the push service. The spec writes them with a leading dot (Laravel Echo's way of
 * saying "no namespace prefix"); on the wire the dot is absent.
 */
export const PUSH_EVENTS = {
  NOTIFICATION_MESSAGE: 'notification.message',
  USER_UPDATED: 'user.updated',
  TRADE_UPDATED: 'trade.updated',
  /** On private-trade.{id}: a pending order placed, changed, filled, cancelled or expired, the Order as payload. */
  ORDER_UPDATED: 'order.updated',
  MESSAGE_SENT: 'message.sent',
  MESSAGE_READ: 'message.read',
  /** On private-user.{id}: a session was signed out (`{ session_id }`, SessionRevokedEventSchema in sessions.ts). */
  SESSION_REVOKED: 'session.revoked',
} as const

/** The price feed's socket.io events (docs/product/realtime.md#price-feed). */
export const PRICE_EVENTS = {
  SUBSCRIBE_ALL: 'subscribe:all',
  DATA_ALL: 'data:all',
  DATA_UPDATE: 'data:update',
} as const

/**
 * Where the price feed listens and how it refuses a handshake: socket.io's path on the feed's origin (websocket
 * transport only), and the `connect_error` messages: a missing or wrong `auth: { apiKey }`, a page from an Origin
 * not allowed, too many sockets from one address (decision 0018).
 */
export const PRICE_FEED = {
  PATH: '/socket.io',
  UNAUTHORIZED: 'unauthorized',
  ORIGIN_NOT_ALLOWED: 'origin not allowed',
  OVER_CAPACITY: 'over capacity',
} as const

/**
 * docs/product/data-model.md#live-price-update: a tick counts only if id is a string and price a number. Cheaper than
 * a schema parse per tick.
 */
export function isValidTick(value: unknown): value is LivePriceUpdate {
  if (typeof value !== 'object' || value === null) return false
  const tick = value as { id?: unknown; price?: unknown }
  return typeof tick.id === 'string' && typeof tick.price === 'number' && Number.isFinite(tick.price)
}

/** Connection states of docs/product/realtime.md#connection-status. */
export const CONNECTION_STATUS = {
  DISCONNECTED: 'disconnected',
  CONNECTING: 'connecting',
  CONNECTED: 'connected',
  FAILED: 'failed',
} as const
export type ConnectionStatus = (typeof CONNECTION_STATUS)[keyof typeof CONNECTION_STATUS]

/** The timings the hub keeps (docs/product/realtime.md#timings). */
export const REALTIME_TIMINGS = {
  HEARTBEAT_MS: 60_000,
  CHAT_POLL_MS: 5_000,
  DATA_POLL_MS: 30_000,
  REFRESH_RETRY_MS: 5_000,
  ACTIVITY_TIMEOUT_MS: 120_000,
  PONG_TIMEOUT_MS: 30_000,
  UNAVAILABLE_TIMEOUT_MS: 10_000,
  PRICE_RECONNECT_ATTEMPTS: 5,
  PRICE_RECONNECT_DELAY_MS: 2_000,
} as const
