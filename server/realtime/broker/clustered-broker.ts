// The embedded broker as one of several instances (issue 18): what one instance is asked to do for sockets, every
// instance does for its own. An event published through any instance's HTTP API reaches the subscribers on all of
// them, once: delivered here at once, and sent to the others through the cluster bus, serialised once. The
// bookkeeping of who owns a socket, which accounts are restricted and which sessions were signed out crosses too,
// because the socket that /broadcasting/auth signs for, the account an admin deactivates, or the device a customer
// signs out, may live on another instance. Alone (no Redis), the bus goes nowhere and this is the plain broker.
import { z } from 'zod'
import type { ClusterBus } from '../../cluster/bus'
import { PusherBroker, type BrokerHooks, type BrokerOptions, type PublishedEvent } from './broker'
import type { AppCredentials } from './signatures'

const TOPICS = {
  EVENT: 'pusher:event',
  OWNER: 'pusher:owner',
  RESTRICT: 'pusher:restrict',
  LIFT: 'pusher:lift',
  END_SESSIONS: 'pusher:end-sessions',
  MEMBER: 'pusher:member',
  PRESENCE: 'pusher:presence',
  PRESENCE_SYNC: 'pusher:presence-sync',
} as const

/** Each instance restates its presence members this often; one not heard of for PRESENCE_EXPIRY_MS has died. */
const PRESENCE_REFRESH_MS = 5_000
const PRESENCE_EXPIRY_MS = 15_000

// Messages come from instances of the same program, but a bus message is still input: checked, never trusted.
const EventMessage = z.object({
  channels: z.array(z.string()).max(100),
  name: z.string(),
  data: z.string(),
  excludeSocketId: z.string().optional(),
})
const OwnerMessage = z.object({
  socketId: z.string(),
  userId: z.number().int(),
  sessionId: z.number().int().optional(),
})
const RestrictMessage = z.object({ userId: z.number().int(), keep: z.array(z.string()) })
const LiftMessage = z.object({ userId: z.number().int() })
const EndSessionsMessage = z.object({ sessionIds: z.array(z.number().int()).max(10_000) })
const MemberMessage = z.object({
  channel: z.string(),
  change: z.enum(['added', 'removed']),
  userId: z.string(),
  info: z.unknown(),
})
const PresenceMessage = z.object({ presence: z.record(z.string(), z.record(z.string(), z.unknown())) })

/** What one other instance holds: its presence members by channel, and when it last said so. */
interface InstancePresence {
  seenMs: number
  channels: Map<string, Map<string, unknown>>
}

export class ClusteredBroker extends PusherBroker {
  private readonly unsubscribes: (() => void)[]
  /** Presence members on the other instances, by instance id: the union is what subscribers are told. */
  private readonly elsewhere = new Map<string, InstancePresence>()
  private readonly presenceTimer: NodeJS.Timeout
  private statedPresence = false

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
      on(TOPICS.OWNER, OwnerMessage, ({ socketId, userId, sessionId }) =>
        super.noteSocketOwner(socketId, userId, sessionId),
      ),
      on(TOPICS.RESTRICT, RestrictMessage, ({ userId, keep }) => super.restrictUser(userId, keep)),
      on(TOPICS.LIFT, LiftMessage, ({ userId }) => super.liftRestriction(userId)),
      on(TOPICS.END_SESSIONS, EndSessionsMessage, ({ sessionIds }) => super.closeSessions(sessionIds)),
      bus.subscribe(TOPICS.MEMBER, (payload, from) => {
        const parsed = MemberMessage.safeParse(payload)
        if (!parsed.success) return
        const { channel, change, userId, info } = parsed.data
        this.changeElsewhere(channel, userId, info, () => {
          const instance = this.instance(from)
          let members = instance.channels.get(channel)
          if (change === 'added') {
            if (!members) instance.channels.set(channel, (members = new Map()))
            members.set(userId, info)
          } else {
            members?.delete(userId)
            if (members?.size === 0) instance.channels.delete(channel)
          }
        })
      }),
      bus.subscribe(TOPICS.PRESENCE, (payload, from) => {
        const parsed = PresenceMessage.safeParse(payload)
        if (parsed.success) this.replaceElsewhere(from, parsed.data.presence)
      }),
      bus.subscribe(TOPICS.PRESENCE_SYNC, () => this.statePresence(true)),
    ]
    // A joiner asks the others what they hold; everyone restates it now and then, which is also how a dead
    // instance's members are noticed gone.
    bus.publish(TOPICS.PRESENCE_SYNC, {})
    this.presenceTimer = setInterval(() => {
      this.statePresence(false)
      this.expireElsewhere()
    }, PRESENCE_REFRESH_MS)
    this.presenceTimer.unref()
  }

  protected override otherMembers(channel: string): ReadonlyMap<string, unknown> | undefined {
    let union: Map<string, unknown> | undefined
    for (const instance of this.elsewhere.values()) {
      for (const [userId, info] of instance.channels.get(channel) ?? []) {
        union ??= new Map()
        union.set(userId, info)
      }
    }
    return union
  }

  protected override localMemberAdded(channel: string, userId: string, info: unknown): void {
    this.bus.publish(TOPICS.MEMBER, { channel, change: 'added', userId, info })
  }

  protected override localMemberRemoved(channel: string, userId: string): void {
    this.bus.publish(TOPICS.MEMBER, { channel, change: 'removed', userId, info: null })
  }

  private instance(id: string): InstancePresence {
    let instance = this.elsewhere.get(id)
    if (!instance) this.elsewhere.set(id, (instance = { seenMs: Date.now(), channels: new Map() }))
    instance.seenMs = Date.now()
    return instance
  }

  /** Applies `change` to the other instances' members and tells local subscribers if the union moved. */
  private changeElsewhere(channel: string, userId: string, info: unknown, change: () => void): void {
    const before = this.otherMembers(channel)?.has(userId) ?? false
    change()
    const after = this.otherMembers(channel)?.has(userId) ?? false
    if (before !== after) this.deliverMemberChange(channel, after ? 'added' : 'removed', userId, info)
  }

  private replaceElsewhere(from: string, presence: Record<string, Record<string, unknown>>): void {
    const instance = this.instance(from)
    const stated = new Map(
      Object.entries(presence).map(([channel, members]) => [channel, new Map(Object.entries(members))]),
    )
    const touched = new Set([...instance.channels.keys(), ...stated.keys()])
    for (const channel of touched) {
      const users = new Set([
        ...(instance.channels.get(channel)?.keys() ?? []),
        ...(stated.get(channel)?.keys() ?? []),
      ])
      for (const userId of users) {
        const info = stated.get(channel)?.get(userId) ?? instance.channels.get(channel)?.get(userId) ?? null
        this.changeElsewhere(channel, userId, info, () => {
          const members = stated.get(channel)
          if (members?.has(userId)) {
            let held = instance.channels.get(channel)
            if (!held) instance.channels.set(channel, (held = new Map()))
            held.set(userId, members.get(userId))
          } else {
            instance.channels.get(channel)?.delete(userId)
            if (instance.channels.get(channel)?.size === 0) instance.channels.delete(channel)
          }
        })
      }
    }
  }

  private expireElsewhere(): void {
    const deadline = Date.now() - PRESENCE_EXPIRY_MS
    for (const [id, instance] of this.elsewhere) {
      if (instance.seenMs >= deadline) continue
      this.replaceElsewhere(id, {})
      this.elsewhere.delete(id)
    }
  }

  /** Tells the others what this instance holds: when asked, and while it holds (or just stopped holding) any. */
  private statePresence(asked: boolean): void {
    const presence = this.localPresence()
    const holds = Object.keys(presence).length > 0
    if (asked || holds || this.statedPresence) this.bus.publish(TOPICS.PRESENCE, { presence })
    this.statedPresence = holds
  }

  override publish(event: PublishedEvent): number {
    // The others first: writing to thousands of local sockets takes tens of milliseconds, and the other instances
    // can write to theirs meanwhile.
    this.bus.publish(TOPICS.EVENT, event)
    return super.publish(event)
  }

  override noteSocketOwner(socketId: string, userId: number, sessionId?: number): void {
    super.noteSocketOwner(socketId, userId, sessionId)
    this.bus.publish(TOPICS.OWNER, { socketId, userId, sessionId })
  }

  override closeSessions(sessionIds: readonly number[]): number {
    // On the bus before anything the caller publishes next: one connection carries both, in order, so no other
    // instance delivers a later event to a socket of these sessions before closing it.
    if (sessionIds.length > 0) this.bus.publish(TOPICS.END_SESSIONS, { sessionIds })
    return super.closeSessions(sessionIds)
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
    clearInterval(this.presenceTimer)
    for (const unsubscribe of this.unsubscribes) unsubscribe()
    return super.close()
  }
}
