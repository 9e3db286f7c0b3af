// The embedded broker as one of several instances (decision 0024): what one instance is asked to do for sockets,
// every instance does for its own. An event published through any instance's HTTP API reaches the subscribers on all
// of them, once: delivered here at once, and sent to the others through the cluster bus, serialised once. The
// bookkeeping of who owns a socket, which accounts are restricted and which sessions were signed out crosses too,
// because the socket that /broadcasting/auth signs for, the account an admin deactivates, or the device a customer
// signs out, may live on another instance; so do terminateUserConnections and the HTTP API's channel counts, which
// are the cluster's: asked of every instance and summed (decision 0036). Alone (no Redis), the bus goes nowhere and
// this is the plain broker.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { ClusterBus } from '../../cluster/bus'
import {
  PusherBroker,
  type BrokerHooks,
  type BrokerOptions,
  type ChannelQuery,
  type PublishedEvent,
} from './broker'
import { isCacheChannel } from './cache-channels'
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
  TERMINATE_USER: 'pusher:terminate-user',
  COUNT_QUERY: 'pusher:count-query',
  COUNT_REPLY: 'pusher:count-reply',
} as const

/**
 * How long a channel query waits for the other instances' counts. They answer in a millisecond or two; one that
 * does not within this (paused, overloaded) is left out of the answer, with a warning, rather than holding it.
 */
export const COUNT_QUERY_TIMEOUT_MS = 1_000

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
const TerminateUserMessage = z.object({ userId: z.string() })
const CountQueryMessage = z.object({
  id: z.string(),
  channels: z.array(z.string()).max(1_000).optional(),
  prefix: z.string().max(200).optional(),
})
const CountReplyMessage = z.object({
  id: z.string(),
  counts: z.record(z.string(), z.number().int().nonnegative()),
})

interface PendingQuery {
  replies: number
  expected: number | undefined
  totals: Map<string, number>
  settle: () => void
}

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
  /** Channel queries this instance asked, by id, until every other instance answered or the time ran out. */
  private readonly queries = new Map<string, PendingQuery>()

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
      on(TOPICS.TERMINATE_USER, TerminateUserMessage, ({ userId }) => super.terminateUserConnections(userId)),
      on(TOPICS.COUNT_QUERY, CountQueryMessage, ({ id, ...query }) =>
        bus.publish(TOPICS.COUNT_REPLY, { id, counts: Object.fromEntries(this.localChannelCounts(query)) }),
      ),
      on(TOPICS.COUNT_REPLY, CountReplyMessage, ({ id, counts }) => this.countReply(id, counts)),
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
    // null, not undefined: JSON would drop the key, and the others' schema would then refuse the message (a member
    // signed without user_info reached them only with the next restatement, up to 5 s later).
    this.bus.publish(TOPICS.MEMBER, { channel, change: 'added', userId, info: info ?? null })
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
    const sent = super.publish(event)
    // The instance an event was published through stores a cache channel's last event for those started later.
    const store = this.hooks.cacheStore
    if (store) {
      for (const channel of event.channels) {
        const cached = isCacheChannel(channel) ? this.cachedEvent(channel) : undefined
        if (cached) store.save(channel, cached)
      }
    }
    return sent
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

  override terminateUserConnections(userId: string): number {
    this.bus.publish(TOPICS.TERMINATE_USER, { userId })
    return super.terminateUserConnections(userId)
  }

  /**
   * The cluster's subscription counts: this instance's plus every other's, asked on the bus and summed. PUBSUB
   * NUMSUB says how many answers to wait for; each instance answers from memory, so the wait is one round trip
   * through Redis. It also orders things: an instance's answer comes after every presence change it published
   * before it, so presenceMembers() read after this is the cluster's too. Without Redis, this instance's alone.
   */
  override async channelCounts(query: ChannelQuery): Promise<Map<string, number>> {
    const id = randomUUID()
    const totals = this.localChannelCounts(query)
    const pending: PendingQuery = { replies: 0, expected: undefined, totals, settle: () => undefined }
    const settled = new Promise<void>((resolve) => (pending.settle = resolve))
    this.queries.set(id, pending)
    let timer: NodeJS.Timeout | undefined
    // One deadline for the whole question, NUMSUB included: a Redis that stopped answering must not hold the call.
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), COUNT_QUERY_TIMEOUT_MS)
    })
    const answered = (async () => {
      this.bus.publish(TOPICS.COUNT_QUERY, { id, ...query })
      pending.expected = await this.bus.peers(TOPICS.COUNT_QUERY)
      if (pending.replies < pending.expected) await settled
      return 'answered' as const
    })()
    try {
      if ((await Promise.race([answered, timedOut])) === 'timed out') {
        // Still running: its failure, if it comes, has nobody left to tell.
        answered.catch(() => undefined)
        this.hooks.log.warn(
          { answered: pending.replies, instances: pending.expected ?? null },
          'channel counts: not every instance answered in time; answering with those that did',
        )
      }
    } catch (error) {
      this.hooks.log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'channel counts: the other instances could not be asked; answering with this one’s',
      )
    } finally {
      clearTimeout(timer)
      this.queries.delete(id)
    }
    return totals
  }

  private countReply(id: string, counts: Record<string, number>): void {
    const pending = this.queries.get(id)
    if (!pending) return
    for (const [channel, count] of Object.entries(counts)) {
      if (count > 0) pending.totals.set(channel, (pending.totals.get(channel) ?? 0) + count)
    }
    pending.replies += 1
    if (pending.expected !== undefined && pending.replies >= pending.expected) pending.settle()
  }

  override close(): Promise<void> {
    clearInterval(this.presenceTimer)
    for (const unsubscribe of this.unsubscribes) unsubscribe()
    return super.close()
  }
}
