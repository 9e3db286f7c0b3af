// The embedded broker as one of several instances (issue 18): what one instance is asked to do for sockets, every
// instance does for its own. An event published through any instance's HTTP API reaches the subscribers on all of
// them, once: delivered here at once, and sent to the others through the cluster bus, serialised once. The
// bookkeeping of who owns a socket and which accounts are restricted crosses too, because the socket that
// /broadcasting/auth signs for, or the account an admin deactivates, may live on another instance. Alone (no
// Redis), the bus goes nowhere and this is the plain broker.
import { z } from 'zod'
import type { ClusterBus } from '../../cluster/bus'
import { PusherBroker, type BrokerHooks, type BrokerOptions, type PublishedEvent } from './broker'
import type { AppCredentials } from './signatures'

const TOPICS = {
  EVENT: 'pusher:event',
  OWNER: 'pusher:owner',
  RESTRICT: 'pusher:restrict',
  LIFT: 'pusher:lift',
} as const

// Messages come from instances of the same program, but a bus message is still input: checked, never trusted.
const EventMessage = z.object({
  channels: z.array(z.string()).max(100),
  name: z.string(),
  data: z.string(),
  excludeSocketId: z.string().optional(),
})
const OwnerMessage = z.object({ socketId: z.string(), userId: z.number().int() })
const RestrictMessage = z.object({ userId: z.number().int(), keep: z.array(z.string()) })
const LiftMessage = z.object({ userId: z.number().int() })

export class ClusteredBroker extends PusherBroker {
  private readonly unsubscribes: (() => void)[]

  constructor(
    app: AppCredentials,
    options: BrokerOptions,
    hooks: BrokerHooks,
    private readonly bus: ClusterBus,
  ) {
    super(app, options, hooks)
    const on = <T>(topic: string, schema: z.ZodType<T>, act: (message: T) => void) =>
      bus.subscribe(topic, (payload) => {
        const parsed = schema.safeParse(payload)
        if (parsed.success) act(parsed.data)
        else hooks.log.warn({ topic }, 'cluster bus: malformed broker message ignored')
      })
    this.unsubscribes = [
      on(TOPICS.EVENT, EventMessage, (event) => super.publish(event)),
      on(TOPICS.OWNER, OwnerMessage, ({ socketId, userId }) => super.noteSocketOwner(socketId, userId)),
      on(TOPICS.RESTRICT, RestrictMessage, ({ userId, keep }) => super.restrictUser(userId, keep)),
      on(TOPICS.LIFT, LiftMessage, ({ userId }) => super.liftRestriction(userId)),
    ]
  }

  override publish(event: PublishedEvent): number {
    const sent = super.publish(event)
    this.bus.publish(TOPICS.EVENT, event)
    return sent
  }

  override noteSocketOwner(socketId: string, userId: number): void {
    super.noteSocketOwner(socketId, userId)
    this.bus.publish(TOPICS.OWNER, { socketId, userId })
  }

  override restrictUser(userId: number, keep: readonly string[]): number {
    const dropped = super.restrictUser(userId, keep)
    this.bus.publish(TOPICS.RESTRICT, { userId, keep })
    return dropped
  }

  override liftRestriction(userId: number): void {
    super.liftRestriction(userId)
    this.bus.publish(TOPICS.LIFT, { userId })
  }

  override close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes) unsubscribe()
    return super.close()
  }
}
