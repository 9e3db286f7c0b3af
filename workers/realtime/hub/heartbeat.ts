// The heartbeat (docs/product/api.md#errors): POST /user/heartbeat every minute while any tab is visible, at once
// when a tab becomes visible, and when the server last answered one, which the status reports so every tab can tell
// Live from silent.
import { REALTIME_TIMINGS } from '../../../src/domain/contract/realtime'
import type { HubContext } from './environment'
import type { ApiRequest } from './http'
import { HUB_TIMINGS } from './timings'

export interface HeartbeatDeps extends HubContext {
  request: ApiRequest
  anyTabVisible: () => boolean
  /** The server answered a heartbeat: the status says so. */
  onAnswered: () => void
}

export function createHeartbeat(deps: HeartbeatDeps) {
  const { clock, log, config } = deps
  let heartbeatTimer: unknown = null
  let lastHeartbeatAt = Number.NEGATIVE_INFINITY
  let heartbeatAnsweredAt: number | null = null

  /** Sends a heartbeat unless one went out moments ago; true when sent. */
  function beat(): boolean {
    const now = clock.now()
    if (now - lastHeartbeatAt < HUB_TIMINGS.HEARTBEAT_MIN_GAP_MS) return false
    lastHeartbeatAt = now
    const token = config().token
    deps.request('POST', '/user/heartbeat').then(
      () => {
        // An answer for a user who has signed out since says nothing about this session.
        if (config().token !== token) return
        heartbeatAnsweredAt = clock.now()
        deps.onAnswered()
      },
      (error: unknown) => {
        // docs/product/api.md#errors: heartbeat failures are logged only.
        log.warn('[realtime] heartbeat failed', error instanceof Error ? error.message : error)
      },
    )
    return true
  }

  function stop(): void {
    if (heartbeatTimer !== null) clock.clearInterval(heartbeatTimer)
    heartbeatTimer = null
  }

  /** Stops, and forgets the last beat: the next start beats at once. */
  function reset(): void {
    stop()
    lastHeartbeatAt = Number.NEGATIVE_INFINITY
  }

  function reconcile(): void {
    const { token, apiBaseUrl } = config()
    const wanted = !!token && !!apiBaseUrl && deps.anyTabVisible()
    if (wanted && heartbeatTimer === null) {
      beat()
      heartbeatTimer = clock.setInterval(beat, REALTIME_TIMINGS.HEARTBEAT_MS)
    } else if (!wanted) {
      stop()
    }
  }

  return {
    reconcile,
    reset,

    /** Sign-out: as reset, and the status no longer reports the last answer. */
    forget(): void {
      reset()
      heartbeatAnsweredAt = null
    },

    get running(): boolean {
      return heartbeatTimer !== null
    },
    get answeredAt(): number | null {
      return heartbeatAnsweredAt
    },

    /** A tab became visible while the heartbeat ran for another one: beat now, then every 60 s from now. */
    beatForNewlyVisibleTab(): void {
      if (heartbeatTimer === null) return
      if (!beat()) return
      stop()
      heartbeatTimer = clock.setInterval(beat, REALTIME_TIMINGS.HEARTBEAT_MS)
    },

    /** A tab came online: if the heartbeat runs, beat at once and every 60 s from now. */
    beatNowIfRunning(): void {
      if (heartbeatTimer === null) return
      reset()
      reconcile()
    },
  }
}
