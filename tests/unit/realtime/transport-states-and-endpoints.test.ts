// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { CONNECTION_STATUS } from '../../../src/domain/contract/realtime'
import {
  defaultOrigin,
  resolvePriceEndpoint,
  resolvePusherEndpoint,
} from '../../../workers/realtime/endpoints'
import { describePusherError, mapPusherState } from '../../../workers/realtime/transports/pusher-states'

describe('pusher-js states in docs/product/realtime.md#connection-status terms', () => {
  it.each([
    ['connecting', false, CONNECTION_STATUS.CONNECTING],
    ['connected', false, CONNECTION_STATUS.CONNECTED],
    ['unavailable', false, CONNECTION_STATUS.FAILED],
    ['failed', false, CONNECTION_STATUS.FAILED],
    // Refused by the server (close code 4000-4099): pusher-js disconnects and will not retry.
    ['disconnected', false, CONNECTION_STATUS.FAILED],
    ['disconnected', true, CONNECTION_STATUS.DISCONNECTED],
    ['initialized', false, null],
  ] as const)('%s (disconnect requested: %s) reads as %s', (state, requested, expected) => {
    expect(mapPusherState(state, requested)).toBe(expected)
  })

  it('reads the message of pusher-js error events, nested or not', () => {
    expect(
      describePusherError({ type: 'PusherError', data: { code: 4001, message: 'Unknown app key' } }),
    ).toBe('Unknown app key')
    expect(
      describePusherError({
        type: 'WebSocketError',
        error: { type: 'PusherError', data: { code: 4100, message: 'Over capacity' } },
      }),
    ).toBe('Over capacity')
    expect(describePusherError({ type: 'WebSocketError', error: { isTrusted: true } })).toBe(
      'Server unreachable',
    )
    expect(describePusherError(undefined)).toBeUndefined()
  })
})

describe('socket endpoints from the settings', () => {
  it('defaults to the API origin with its port and scheme', () => {
    const origin = defaultOrigin('http://localhost:8080/api/v1', 'http://localhost:5173')
    expect(resolvePusherEndpoint({ key: 'k', cluster: 'mt1' }, origin)).toEqual({
      key: 'k',
      cluster: 'mt1',
      wsHost: 'localhost',
      wsPort: 8080,
      forceTLS: false,
    })
    expect(resolvePriceEndpoint({ apiKey: 'p' }, origin)).toEqual({
      url: 'http://localhost:8080',
      apiKey: 'p',
    })
  })

  it('takes the host, port and TLS the settings give', () => {
    const origin = defaultOrigin('https://app.example/api/v1', 'https://app.example')
    expect(
      resolvePusherEndpoint(
        { key: 'k', cluster: 'eu', host: 'ws.example', port: 6001, forceTLS: false },
        origin,
      ),
    ).toMatchObject({ wsHost: 'ws.example', wsPort: 6001, forceTLS: false })
    expect(resolvePusherEndpoint({ key: 'k', cluster: 'eu', host: 'ws.example' }, origin)).toMatchObject({
      wsHost: 'ws.example',
      wsPort: 443,
      forceTLS: true,
    })
    expect(resolvePriceEndpoint({ apiKey: 'p', url: 'https://prices.example' }, origin).url).toBe(
      'https://prices.example',
    )
  })

  it('falls back to the worker origin for a relative API base', () => {
    expect(defaultOrigin('/api/v1', 'https://app.example').origin).toBe('https://app.example')
  })
})
