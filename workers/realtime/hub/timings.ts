// The hub's own timings (the spec's are REALTIME_TIMINGS), in one place so each part and the tests read the same.

export const HUB_TIMINGS = {
  /** A socket nobody needs closes this much later, so a tab's effects re-running (or a route change) keep it. */
  IDLE_DISCONNECT_MS: 1_000,
  /** Two tabs swapping visibility would otherwise send two heartbeats in a row. */
  HEARTBEAT_MIN_GAP_MS: 5_000,
  /**
   * socket.io gives up after 5 attempts (docs/product/api.md#http-client); the hub tries again this much later so
   * prices recover.
   */
  PRICE_RETRY_MS: 30_000,
  /** docs/product/api.md#http-client: request time-out. */
  REQUEST_TIMEOUT_MS: 15_000,
  /** Chat message ids remembered per conversation, so a poll never delivers one twice. */
  SEEN_MESSAGES: 500,
  /** At most one 'the server is back, reconnect Pusher now' per this long (see `onServerAnswered`). */
  PUSH_NUDGE_MIN_GAP_MS: 5_000,
  /** The connection test's ping gives up after this long: a pong slower than this is as good as none. */
  PING_TIMEOUT_MS: 5_000,
  /**
   * The status's lastTickAt moves in steps of at least this much: fine enough against a 60 s heartbeat window,
   * coarse enough that a feed of 20 batches a second sends each tab one status message per step, not per batch.
   */
  TICK_STAMP_STEP_MS: 5_000,
  /** The longest hold between price batches a tab may ask for (`PriceBatchHold`, either hold): prices a second old at most. */
  MAX_PRICE_BATCH_HOLD_MS: 1_000,
} as const
