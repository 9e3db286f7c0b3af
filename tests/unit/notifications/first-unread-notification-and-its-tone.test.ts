import { describe, expect, it } from 'vitest'
import {
  firstUnreadNotification,
  isLocalNotification,
  notificationTone,
} from '../../../src/domain/notifications/notifications'

const list = [
  { id: 1, color: 'info', read: true },
  { id: 'temp-2', color: 'warning', read: false },
  { id: 3, color: 'danger', read: false },
]

describe('notifications (docs/product/data-model.md#notification and docs/product/orders-and-alerts.md#notifications)', () => {
  it('picks the first unread one, passing over those hidden on this page', () => {
    expect(firstUnreadNotification(list, new Set())?.id).toBe('temp-2')
    expect(firstUnreadNotification(list, new Set(['temp-2']))?.id).toBe(3)
    expect(firstUnreadNotification(list, new Set(['temp-2', '3']))).toBeNull()
    expect(firstUnreadNotification([], new Set())).toBeNull()
  })

  it("knows the client's own 'temp-' ids", () => {
    expect(isLocalNotification('temp-2')).toBe(true)
    expect(isLocalNotification('2')).toBe(false)
    expect(isLocalNotification(2)).toBe(false)
  })

  it('reads danger, success and warning as given and anything else as info', () => {
    expect(notificationTone('danger')).toBe('danger')
    expect(notificationTone('success')).toBe('success')
    expect(notificationTone('warning')).toBe('warning')
    expect(notificationTone('info')).toBe('info')
    expect(notificationTone('primary')).toBe('info')
    expect(notificationTone('')).toBe('info')
  })
})
