// Leadership (decision 0024): one instance at a time runs what must run once (the price simulator, the take-profit
// and stop-loss book, the stop-out check, scheduled jobs). A lease in Redis: `SET key id NX PX ttl`, renewed by its
// holder every `renewMs`, with a fencing epoch (INCR) taken at each acquisition. Safety comes first:
// - the holder steps down as soon as a renewal fails, and in any case before its lease could have lapsed, so it
//   never acts past the moment another instance may acquire;
// - every message a leader sends carries its epoch, and a message of an older epoch is dropped, so a leader that
//   was paused (a long GC, a frozen VM) cannot move prices back once it wakes.
// Liveness: a holder that dies leaves its key to expire: the others try every `renewMs`, so the lease moves within
// ttl + renewMs (3.5 s by default). A holder that shuts down deletes its key and the others take over at once.
import type { Redis } from 'ioredis'

export interface LeaderLease {
  readonly isLeader: boolean
  /** The epoch of this instance's current leadership (0 when not leading). */
  readonly epoch: number
  /** The instance id holding the lease as last seen (undefined: none, or Redis unreachable). */
  readonly leaderId: string | undefined
  /** Called with true when this instance becomes leader and false when it stops. */
  onChange(listener: (leading: boolean) => void): () => void
  /** Another instance's message carried `epoch`: a newer leader exists, so this one steps down at once. */
  observeEpoch(epoch: number): void
  start(): void
  /** Steps down and gives the lease back (graceful shutdown): another instance takes over at once. */
  release(): Promise<void>
}

export interface LeaseOptions {
  ttlMs: number
  renewMs: number
}

export const DEFAULT_LEASE: LeaseOptions = { ttlMs: 3000, renewMs: 500 }

// Acquire: set the key if nobody holds it, and take the next epoch in the same atomic step.
const ACQUIRE = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('incr', KEYS[2])
end
return 0`
// Renew only a lease this instance holds.
const RENEW = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`
const RELEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0`

export interface LeaseLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export function createRedisLease(options: {
  redis: Redis
  instanceId: string
  prefix: string
  log: LeaseLog
  lease?: LeaseOptions
}): LeaderLease {
  const { redis, instanceId, log } = options
  const { ttlMs, renewMs } = options.lease ?? DEFAULT_LEASE
  const key = `${options.prefix}:leader`
  const epochKey = `${options.prefix}:leader:epoch`
  const listeners = new Set<(leading: boolean) => void>()
  let leading = false
  let epoch = 0
  let highestEpochSeen = 0
  let leaderId: string | undefined
  /** When the lease was last set or renewed, by this process's monotonic clock. */
  let heldSinceMs = 0
  let timer: NodeJS.Timeout | undefined
  let busy = false
  let stopped = false

  const notify = (value: boolean) => {
    for (const listener of listeners) {
      try {
        listener(value)
      } catch (error) {
        log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'leadership listener failed',
        )
      }
    }
  }
  const stepDown = (why: string) => {
    if (!leading) return
    leading = false
    epoch = 0
    log.warn({ instance: instanceId, why }, 'leadership lost')
    notify(false)
  }

  async function round(): Promise<void> {
    if (leading) {
      const startedMs = performance.now()
      const renewed = await redis.eval(RENEW, 1, key, instanceId, String(ttlMs)).then(
        (result) => result === 1,
        () => undefined,
      )
      if (renewed === true) {
        heldSinceMs = startedMs
        leaderId = instanceId
      } else if (renewed === false) {
        stepDown('the lease was taken over')
      } else if (performance.now() - heldSinceMs > ttlMs - 2 * renewMs) {
        // Redis unreachable: keep leading only while the lease surely still stands.
        stepDown('the lease could not be renewed')
      }
      return
    }
    if (stopped) return
    const startedMs = performance.now()
    const acquired = await redis
      .eval(ACQUIRE, 2, key, epochKey, instanceId, String(ttlMs))
      .then(Number, () => undefined)
    if (acquired !== undefined && acquired > 0 && !stopped) {
      leading = true
      epoch = acquired
      highestEpochSeen = Math.max(highestEpochSeen, acquired)
      heldSinceMs = startedMs
      leaderId = instanceId
      log.info({ instance: instanceId, epoch }, 'leadership acquired')
      notify(true)
      return
    }
    leaderId = await redis.get(key).then(
      (value) => value ?? undefined,
      () => undefined,
    )
  }

  const tick = () => {
    if (busy) {
      // A renewal still waiting on Redis: the lease may lapse meanwhile, so the guard is checked here too.
      if (leading && performance.now() - heldSinceMs > ttlMs - 2 * renewMs) stepDown('renewal too slow')
      return
    }
    busy = true
    void round().finally(() => {
      busy = false
    })
  }

  return {
    get isLeader() {
      return leading
    },
    get epoch() {
      return epoch
    },
    get leaderId() {
      return leaderId
    },
    onChange(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    observeEpoch(seen) {
      if (seen > highestEpochSeen) highestEpochSeen = seen
      if (leading && seen > epoch) stepDown(`a newer leader (epoch ${seen}) is active`)
    },
    start() {
      if (timer || stopped) return
      timer = setInterval(tick, renewMs)
      timer.unref()
      tick()
    },
    async release() {
      stopped = true
      clearInterval(timer)
      const wasLeading = leading
      stepDown('shutting down')
      if (wasLeading) await redis.eval(RELEASE, 1, key, instanceId).catch(() => undefined)
    },
  }
}

/** One instance alone leads from the start: the behaviour of a single server without Redis. */
export function soloLease(instanceId: string): LeaderLease {
  let leading = true
  return {
    get isLeader() {
      return leading
    },
    epoch: 1,
    leaderId: instanceId,
    onChange: () => () => undefined,
    observeEpoch: () => undefined,
    start: () => undefined,
    async release() {
      leading = false
    },
  }
}
