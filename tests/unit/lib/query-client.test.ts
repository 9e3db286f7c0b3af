import { describe, expect, it } from 'vitest'
import { HttpError } from '../../../src/lib/http'
import {
  CACHE_LIFETIME_MS,
  createQueryClient,
  retryDelayMs,
  shouldRetry,
} from '../../../src/lib/query-client'

const httpError = (status: number) =>
  new HttpError({ message: 'x', status, statusText: '', data: null, url: '/x', method: 'GET' })

describe('query defaults (spec 9)', () => {
  it('retries three times', () => {
    expect([0, 1, 2].map((count) => shouldRetry(count, new Error('network')))).toEqual([true, true, true])
    expect(shouldRetry(3, new Error('network'))).toBe(false)
    expect(shouldRetry(0, httpError(503))).toBe(true)
  })
  it('does not retry a 4xx answer', () => {
    expect(shouldRetry(0, httpError(404))).toBe(false)
    expect(shouldRetry(0, httpError(401))).toBe(false)
  })
  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
  it('keeps unused data 5 minutes', () => {
    expect(CACHE_LIFETIME_MS).toBe(300_000)
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000)
  })
})
