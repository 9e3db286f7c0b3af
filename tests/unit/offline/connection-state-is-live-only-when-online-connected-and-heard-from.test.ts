// Decision 0021: the workspace's indicator never says Live while the browser is offline or the server has been silent
// (no tick, no heartbeat answer) for longer than the heartbeat window; every tab derives it from the same inputs.
import { describe, expect, it } from 'vitest'
import {
  awaitedForLive,
  connectionState,
  HEARTBEAT_WINDOW_MS,
  lastContactAt,
  msUntilSilent,
  type ConnectionInput,
} from '../../../src/domain/offline/connection-state'
import { REALTIME_TIMINGS } from '../../../src/domain/contract/realtime'

const live: ConnectionInput = {
  online: true,
  hubStatus: { status: 'connected', prices: 'connected' },
  lastContactAgeMs: 1_000,
  heartbeatWindowMs: HEARTBEAT_WINDOW_MS,
}

describe('connectionState', () => {
  it('is Live when online, both sockets up and the server heard from within the window', () => {
    expect(connectionState(live)).toBe('live')
  })

  it('is Offline whenever the browser is offline, whatever the hub last said', () => {
    expect(connectionState({ ...live, online: false })).toBe('offline')
    expect(connectionState({ ...live, online: false, lastContactAgeMs: 0 })).toBe('offline')
  })

  it('is Reconnecting once the server has been silent for longer than the window', () => {
    expect(connectionState({ ...live, lastContactAgeMs: HEARTBEAT_WINDOW_MS })).toBe('live')
    expect(connectionState({ ...live, lastContactAgeMs: HEARTBEAT_WINDOW_MS + 1 })).toBe('reconnecting')
    expect(connectionState({ ...live, lastContactAgeMs: null })).toBe('reconnecting')
  })

  it('is Reconnecting while the push connection or a wanted price feed is down', () => {
    for (const status of ['connecting', 'failed', 'disconnected'] as const) {
      expect(connectionState({ ...live, hubStatus: { status, prices: 'connected' } })).toBe('reconnecting')
    }
    for (const prices of ['connecting', 'failed'] as const) {
      expect(connectionState({ ...live, hubStatus: { status: 'connected', prices } })).toBe('reconnecting')
    }
  })

  it('is Live on a page without prices (the hub closed the feed on purpose)', () => {
    expect(connectionState({ ...live, hubStatus: { status: 'connected', prices: 'disconnected' } })).toBe(
      'live',
    )
  })

  it('allows a heartbeat answer its request time-out beyond the 60 s period, so a page without ticks does not blink', () => {
    expect(HEARTBEAT_WINDOW_MS).toBe(REALTIME_TIMINGS.HEARTBEAT_MS + 15_000)
    expect(connectionState({ ...live, lastContactAgeMs: REALTIME_TIMINGS.HEARTBEAT_MS + 200 })).toBe('live')
  })
})

describe('lastContactAt and msUntilSilent', () => {
  it('takes the newer of the tick and heartbeat stamps', () => {
    expect(lastContactAt({ lastTickAt: 5_000, lastHeartbeatAt: 9_000 })).toBe(9_000)
    expect(lastContactAt({ lastTickAt: 12_000, lastHeartbeatAt: null })).toBe(12_000)
    expect(lastContactAt({ lastTickAt: null, lastHeartbeatAt: null })).toBeNull()
    // A status from a hub older than the stamps has neither field.
    expect(lastContactAt({})).toBeNull()
  })

  it('says when the state must be worked out again', () => {
    expect(msUntilSilent(10_000, 10_000, 75_000)).toBe(75_001)
    expect(msUntilSilent(10_000, 100_000, 75_000)).toBe(0)
    expect(msUntilSilent(null, 100_000, 75_000)).toBeNull()
  })
})

describe('awaitedForLive', () => {
  it('names each part a connection that is not Live still waits for, and nothing when it is Live', () => {
    expect(awaitedForLive(live)).toEqual([])
    expect(awaitedForLive({ ...live, online: false })).toEqual(['network'])
    expect(awaitedForLive({ ...live, hubStatus: { status: 'connecting', prices: 'connected' } })).toEqual([
      'updates',
    ])
    expect(awaitedForLive({ ...live, hubStatus: { status: 'connected', prices: 'disconnected' } })).toEqual(
      [],
    )
    expect(
      awaitedForLive({
        ...live,
        hubStatus: { status: 'failed', prices: 'connecting' },
        lastContactAgeMs: null,
      }),
    ).toEqual(['updates', 'prices', 'server'])
    expect(awaitedForLive({ ...live, lastContactAgeMs: HEARTBEAT_WINDOW_MS + 1 })).toEqual(['server'])
  })
})
