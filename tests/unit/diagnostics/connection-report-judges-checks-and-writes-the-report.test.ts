import { describe, expect, it } from 'vitest'
import {
  clockSkewMs,
  formatDuration,
  formatReport,
  overallStatus,
  skewVerdict,
  tickAgeVerdict,
  type CheckResult,
} from '../../../src/domain/diagnostics/connection-report'

describe('clock skew', () => {
  it("takes the server's time at the middle of the round trip", () => {
    // Sent at 10 000, answered at 10 200: the server's 10 100 means the clocks agree.
    expect(clockSkewMs(10_000, 10_200, 10_100)).toBe(0)
    expect(clockSkewMs(10_000, 10_200, 4_100)).toBe(6_000)
  })

  it('warns past 5 s, saying which way', () => {
    expect(skewVerdict(1_200)).toEqual({ status: 'ok', words: 'clock within 1.2 s' })
    expect(skewVerdict(6_000)).toEqual({
      status: 'warn',
      words: "this device's clock is 6.0 s ahead of the server",
    })
    expect(skewVerdict(-90_000).words).toBe("this device's clock is 1 min 30 s behind the server")
  })
})

describe('last tick age', () => {
  it('is fresh within 15 s, stale after, and a warning when no price came', () => {
    expect(tickAgeVerdict(9_000, 10_000)).toEqual({ status: 'ok', words: 'last price 1.0 s ago' })
    expect(tickAgeVerdict(0, 20_000)).toEqual({ status: 'warn', words: 'last price 20 s ago (stale)' })
    expect(tickAgeVerdict(null, 20_000).status).toBe('warn')
  })
})

describe('the report', () => {
  const results: CheckResult[] = [
    { id: 'api', label: 'API', status: 'ok', summary: '42 ms round trip' },
    {
      id: 'push',
      label: 'Push connection',
      status: 'fail',
      summary: 'Not connected',
      details: ['state: failed'],
    },
  ]

  it('is as bad as its worst check', () => {
    expect(overallStatus(results)).toBe('fail')
    expect(overallStatus([results[0]!])).toBe('ok')
  })

  it('lists every check with its verdict in words', () => {
    const text = formatReport(results, {
      ranAt: new Date('2026-11-25T12:00:00Z'),
      userAgent: 'Test browser',
      online: false,
    })
    expect(text).toBe(
      [
        'Connection test 2026-11-25T12:00:00.000Z',
        'Browser: Test browser',
        'Browser says online: no',
        'Overall: Failed',
        '',
        '[OK] API: 42 ms round trip',
        '[Failed] Push connection: Not connected',
        '  - state: failed',
      ].join('\n'),
    )
  })

  it('writes durations for people', () => {
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(125_000)).toBe('2 min 5 s')
  })
})
