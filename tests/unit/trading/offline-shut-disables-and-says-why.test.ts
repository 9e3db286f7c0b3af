import { describe, expect, it } from 'vitest'
import { offlineShut } from '../../../src/features/trading/components/offline-shut'
import { OFFLINE_ORDER_REASON } from '../../../src/domain/offline/last-known'

describe('offlineShut', () => {
  it('leaves an action open, undescribed and without a tooltip while online', () => {
    expect(offlineShut(undefined)).toEqual({
      disabled: false,
      'aria-describedby': undefined,
      title: undefined,
    })
  })

  it('shuts it offline, described by the reason on screen, with the reason as its tooltip', () => {
    expect(offlineShut('offline-reason')).toEqual({
      disabled: true,
      'aria-describedby': 'offline-reason',
      title: OFFLINE_ORDER_REASON,
    })
  })

  it('keeps a description of its own, online and offline', () => {
    expect(offlineShut(undefined, 'row-heading')['aria-describedby']).toBe('row-heading')
    expect(offlineShut('offline-reason', 'row-heading offline-reason')).toEqual({
      disabled: true,
      'aria-describedby': 'row-heading offline-reason',
      title: OFFLINE_ORDER_REASON,
    })
  })
})
