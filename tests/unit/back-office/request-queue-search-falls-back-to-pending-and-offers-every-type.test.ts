// The request queue's URL and filters (decision 0017): a damaged link opens the pending queue, 'All' asks for every
// status, and a type the server registers later is offered and shown even though this build has no name for it.
import { describe, expect, it } from 'vitest'
import { formatEventAge } from '../../../src/domain/back-office/event-time'
import {
  REQUEST_STATUS_FILTERS,
  RequestsSearchSchema,
  requestsQuery,
  requestTypeOptions,
} from '../../../src/domain/back-office/request-queue'

describe('the request queue search parameters', () => {
  it('default to the first page of pending requests of every type', () => {
    expect(RequestsSearchSchema.parse({})).toEqual({ status: 'pending', page: 1 })
  })

  it('fall back to the defaults for a damaged link instead of failing the page', () => {
    expect(RequestsSearchSchema.parse({ status: 'maybe', type: 'DROP TABLE', page: '-3' })).toEqual({
      status: 'pending',
      type: undefined,
      page: 1,
    })
  })

  it('keep a type slug the server may register later', () => {
    expect(RequestsSearchSchema.parse({ type: 'deposit', page: '2' })).toMatchObject({
      type: 'deposit',
      page: 2,
    })
  })

  it("ask the server for every status when 'All' is chosen, and for one otherwise", () => {
    expect(requestsQuery({ status: 'all', page: 1 })).toEqual({ page: 1 })
    expect(requestsQuery({ status: 'rejected', type: 'autotrader', page: 3 })).toEqual({
      status: 'rejected',
      type: 'autotrader',
      page: 3,
    })
  })

  it('offer Pending, Approved, Rejected and All, Pending first', () => {
    expect(REQUEST_STATUS_FILTERS.map((filter) => filter.label)).toEqual([
      'Pending',
      'Approved',
      'Rejected',
      'All',
    ])
  })
})

describe('the type filter', () => {
  it('names the known types and adds the ones only the server knows, once each', () => {
    const options = requestTypeOptions(['account', 'loyalty_bonus', 'loyalty_bonus', 'plan_upgrade'])
    expect(options.map((option) => option.value)).toEqual([
      'account',
      'autotrader',
      'plan_upgrade',
      'deposit',
      'withdrawal',
      'loyalty_bonus',
    ])
    expect(options.map((option) => option.label)).toEqual([
      'New account',
      'Auto trader',
      'Plan upgrade',
      'Deposit',
      'Withdrawal',
      'Loyalty bonus',
    ])
  })

  it('ignores a reported type that is not a slug', () => {
    expect(requestTypeOptions(['<script>', '']).map((option) => option.value)).toEqual([
      'account',
      'autotrader',
      'plan_upgrade',
      'deposit',
      'withdrawal',
    ])
  })
})

describe('how long ago a request arrived', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z')

  it('reads in minutes, hours and days', () => {
    expect(formatEventAge('2026-11-25T11:59:30.000Z', now)).toBe('just now')
    expect(formatEventAge('2026-11-25T11:55:00.000Z', now)).toBe('5 min ago')
    expect(formatEventAge('2026-11-25T09:00:00.000Z', now)).toBe('3 h ago')
    expect(formatEventAge('2026-11-24T11:00:00.000Z', now)).toBe('1 day ago')
    expect(formatEventAge('2026-11-21T12:00:00.000Z', now)).toBe('4 days ago')
  })

  it('gives the date past a week, and a clock running behind never reads as the future', () => {
    expect(formatEventAge('2026-11-01T12:00:00.000Z', now)).toMatch(/Nov 2026/)
    expect(formatEventAge('2026-11-25T12:05:00.000Z', now)).toBe('just now')
  })
})
