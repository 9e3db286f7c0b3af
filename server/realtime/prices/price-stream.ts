// One price source for every instance (decision 0024). The leader advances the simulator and sends each batch of
// ticks through the cluster bus with the moves behind them; every other instance replays those moves into its own
// simulator (same prices, candles and 24 h figures) and streams the very same ticks to its sockets. An instance that
// joins asks the leader for its whole market (prices and candles, through a Redis key) and replays the batches that
// arrived meanwhile, so its charts and quotes match from then on. Batches carry the leader's epoch and a sequence
// number: a batch from an older leader is dropped, so no price ever goes back to a stale value.
import type { Redis } from 'ioredis'
import type { LivePriceUpdate } from '../../../src/domain/contract'
import type { ClusterBus } from '../../cluster/bus'
import type { LeaderLease } from '../../cluster/leader'
import type { MarketSimulator, SimulatedMove } from './simulator'

export interface PriceStreamCluster {
  bus: ClusterBus
  leader: LeaderLease
  /** Where the leader leaves its market for a joining instance; undefined when the instance is alone. */
  redis?: Redis
  prefix: string
}

interface TickBatch {
  epoch: number
  seq: number
  /** The batch's lastUpdated (epoch ms). */
  at: number
  ticks: LivePriceUpdate[]
  moves: SimulatedMove[]
}

interface StateNotice {
  epoch: number
  /** The last batch the state includes. */
  seq: number
  key: string
  ids: string[]
}

export interface PriceStreamLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

const TOPICS = { TICKS: 'prices:ticks', SYNC_REQUEST: 'prices:sync-request', STATE: 'prices:state' } as const
/** How long a joiner waits for the leader's market before it keeps its own history. */
const SYNC_TIMEOUT_MS = 3000
const STATE_KEY_TTL_SECONDS = 30

function isTickBatch(value: unknown): value is TickBatch {
  if (typeof value !== 'object' || value === null) return false
  const batch = value as Partial<TickBatch>
  return (
    Number.isInteger(batch.epoch) &&
    Number.isInteger(batch.seq) &&
    typeof batch.at === 'number' &&
    Array.isArray(batch.ticks) &&
    Array.isArray(batch.moves)
  )
}

function isStateNotice(value: unknown): value is StateNotice {
  if (typeof value !== 'object' || value === null) return false
  const notice = value as Partial<StateNotice>
  return (
    Number.isInteger(notice.epoch) &&
    Number.isInteger(notice.seq) &&
    typeof notice.key === 'string' &&
    Array.isArray(notice.ids) &&
    notice.ids.every((id) => typeof id === 'string')
  )
}

export interface PriceStream {
  /** Whether this instance produces the ticks now. */
  readonly leading: boolean
  /** The leader's side: advances the market, sends the batch to the others, and answers the ticks to deliver. */
  produce(nowMs: number): LivePriceUpdate[]
  close(): void
}

/**
 * `deliver` hands a batch to this instance's listeners and sockets; the leader calls it with what `produce`
 * answers, a follower from the batches it receives.
 */
export function createPriceStream(options: {
  simulator: MarketSimulator
  cluster: PriceStreamCluster
  deliver: (ticks: readonly LivePriceUpdate[]) => void
  now: () => number
  log: PriceStreamLog
}): PriceStream {
  const { simulator, cluster, deliver, now, log } = options
  const { bus, leader } = cluster
  let seq = 0
  let highestEpoch = 0
  let lastSeq = 0
  // A joiner: 'unsynced' until the first batch shows there is a leader, then 'syncing' until its market arrives.
  let sync: 'unsynced' | 'syncing' | 'synced' = cluster.redis ? 'unsynced' : 'synced'
  let held: TickBatch[] = []
  let syncTimer: NodeJS.Timeout | undefined
  let answering = false

  const follow = (batch: TickBatch) => {
    simulator.follow(batch.moves, batch.at)
    lastSeq = batch.seq
    deliver(batch.ticks)
  }

  const finishSync = (why: string) => {
    clearTimeout(syncTimer)
    sync = 'synced'
    const replay = held
    held = []
    for (const batch of replay) if (batch.epoch === highestEpoch && batch.seq > lastSeq) follow(batch)
    log.info({ why, replayed: replay.length }, 'price stream joined')
  }

  const unsubscribes = [
    bus.subscribe(TOPICS.TICKS, (payload) => {
      if (!isTickBatch(payload)) return
      leader.observeEpoch(payload.epoch)
      if (payload.epoch < highestEpoch || leader.isLeader) return
      if (payload.epoch > highestEpoch) {
        highestEpoch = payload.epoch
        lastSeq = 0
      }
      if (payload.seq <= lastSeq) return
      if (sync === 'unsynced') {
        sync = 'syncing'
        bus.publish(TOPICS.SYNC_REQUEST, {})
        syncTimer = setTimeout(
          () => finishSync('the leader did not send its market in time'),
          SYNC_TIMEOUT_MS,
        )
        syncTimer.unref()
      }
      if (sync === 'syncing') {
        held.push(payload)
        return
      }
      follow(payload)
    }),

    bus.subscribe(TOPICS.SYNC_REQUEST, () => {
      const redis = cluster.redis
      if (!leader.isLeader || !redis || answering) return
      // One answer serves every joiner waiting now: several requests in a row share it.
      answering = true
      const epoch = leader.epoch
      const state = simulator.exportState()
      const notice: StateNotice = {
        epoch,
        seq,
        key: `${cluster.prefix}:prices:state:${epoch}:${seq}`,
        ids: state.ids,
      }
      const bytes = Buffer.from(state.values.buffer, state.values.byteOffset, state.values.byteLength)
      redis
        .set(notice.key, bytes, 'EX', STATE_KEY_TTL_SECONDS)
        .then(() => bus.publish(TOPICS.STATE, notice))
        .catch((error: unknown) =>
          log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            'could not hand the market to a joining instance',
          ),
        )
        .finally(() => {
          answering = false
        })
    }),

    bus.subscribe(TOPICS.STATE, (payload) => {
      const redis = cluster.redis
      if (sync !== 'syncing' || !redis || !isStateNotice(payload) || payload.epoch !== highestEpoch) return
      void redis.getBuffer(payload.key).then(
        (bytes) => {
          if (sync !== 'syncing') return
          if (bytes && bytes.byteLength % 8 === 0) {
            // A copy: the Buffer may sit at an offset that Float64Array cannot view.
            const values = new Float64Array(bytes.byteLength / 8)
            new Uint8Array(values.buffer).set(bytes)
            simulator.importState({ ids: payload.ids, values })
            lastSeq = payload.seq
          }
          finishSync('the leader sent its market')
        },
        () => finishSync('the leader’s market could not be read'),
      )
    }),
  ]

  leader.onChange((leading) => {
    if (!leading) return
    // The walk continues from the last price this instance followed, never from an older one.
    clearTimeout(syncTimer)
    sync = 'synced'
    held = []
    seq = 0
    simulator.resumeAt(now())
  })

  return {
    get leading() {
      return leader.isLeader
    },
    produce(nowMs) {
      // Alone, nobody follows: the moves are not even collected.
      if (!cluster.redis) return simulator.advance(nowMs)
      const moves: SimulatedMove[] = []
      const ticks = simulator.advance(nowMs, moves)
      if (ticks.length === 0) return ticks
      seq += 1
      bus.publish(TOPICS.TICKS, { epoch: leader.epoch, seq, at: nowMs, ticks, moves } satisfies TickBatch)
      return ticks
    },
    close() {
      clearTimeout(syncTimer)
      for (const unsubscribe of unsubscribes) unsubscribe()
    },
  }
}
