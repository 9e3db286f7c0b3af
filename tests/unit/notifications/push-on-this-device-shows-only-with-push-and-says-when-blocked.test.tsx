import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  pushSwitchState,
  subscriptionRequest,
  supportsPush,
  PUSH_TEXTS,
} from '../../../src/domain/notifications/web-push'
import { PushSettings } from '../../../src/features/account/components/push-settings'

describe('Push notifications on this device', () => {
  it('is offered only with a PushManager, a service worker and notifications', () => {
    expect(supportsPush({ pushManager: true, serviceWorker: true, notification: true })).toBe(true)
    expect(supportsPush({ pushManager: false, serviceWorker: true, notification: true })).toBe(false)
    expect(supportsPush({ pushManager: true, serviceWorker: false, notification: true })).toBe(false)
    expect(supportsPush({ pushManager: true, serviceWorker: true, notification: false })).toBe(false)
  })

  it('renders nothing where the browser has no Push API (jsdom has none)', () => {
    const { container } = render(<PushSettings />)
    expect(container).toBeEmptyDOMElement()
  })

  it('is on only with the permission and a subscription, and blocked says so', () => {
    expect(pushSwitchState('granted', true)).toEqual({ checked: true, blocked: false })
    expect(pushSwitchState('granted', false)).toEqual({ checked: false, blocked: false })
    expect(pushSwitchState('default', true)).toEqual({ checked: false, blocked: false })
    expect(pushSwitchState('denied', false)).toEqual({ checked: false, blocked: true })
    expect(PUSH_TEXTS.BLOCKED).toMatch(/Site settings.*set Notifications to Allow/)
  })

  it("sends the browser's subscription as POST /push/subscriptions takes it, or nothing when a key is missing", () => {
    const keys = { p256dh: 'BNcR', auth: 'tBHI' }
    expect(subscriptionRequest({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys })).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys,
    })
    expect(
      subscriptionRequest({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { auth: 'a' } }),
    ).toBe(null)
    expect(subscriptionRequest(null)).toBe(null)
  })
})
