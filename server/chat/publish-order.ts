// Chat events leave this server in the order their messages were committed, per conversation. The realtime hub
// moves its `after` cursor to the newest created_at it has seen; were message 2's event to overtake message 1's
// just before a connection cut, the hub's next poll (`after` = message 2) would skip message 1. So a send takes a
// slot while it holds the conversation's lock (commit order), and slots publish one after another.
const SLOT_TIMEOUT_MS = 30_000

type Publish = () => Promise<unknown>

export interface PublishSlot {
  /** Publishes once every earlier slot of the conversation has. Settles the slot. */
  publish(publish: Publish): void
  /** Nothing to publish (the send was refused or a replay). Settles the slot. */
  cancel(): void
}

export interface OrderedPublisher {
  reserve(customerId: number): PublishSlot
  /** Reserve and fill at once: for events that need no commit order (message.read). */
  publish(customerId: number, publish: Publish): void
  /** Resolves once everything reserved so far has been published or cancelled. */
  drain(): Promise<void>
}

export function createOrderedPublisher(onError: (error: unknown) => void): OrderedPublisher {
  const tails = new Map<number, Promise<void>>()

  function reserve(customerId: number): PublishSlot {
    let settle: (publish: Publish | null) => void = () => undefined
    const filled = new Promise<Publish | null>((resolve) => {
      settle = resolve
    })
    // A slot nobody settles (a bug) must not hold the conversation's events back for ever.
    const timer = setTimeout(() => settle(null), SLOT_TIMEOUT_MS)
    timer.unref()
    const previous = tails.get(customerId) ?? Promise.resolve()
    const tail = previous.then(async () => {
      const publish = await filled
      clearTimeout(timer)
      if (publish) await publish().catch(onError)
    })
    tails.set(customerId, tail)
    void tail.then(() => {
      if (tails.get(customerId) === tail) tails.delete(customerId)
    })
    return { publish: (publish) => settle(publish), cancel: () => settle(null) }
  }

  return {
    reserve,
    publish(customerId, publish) {
      reserve(customerId).publish(publish)
    },
    async drain() {
      await Promise.all([...tails.values()])
    },
  }
}
