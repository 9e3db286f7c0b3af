// @vitest-environment node
// Decision 0037: a notification (a price alert fired) shows as a toast once per browser, in the visible tab of its
// channel used last, however many tabs are open; every tab still gets the event (they reload the user and alerts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, PUSH_EVENTS } from '../../../src/domain/contract/realtime'
import { createTestHub, type FakeTab } from './hub-test-kit'

const NOTIFICATION = CHANNELS.notification(7)
const ALERT_FIRED = {
  id: 41,
  title: 'Price alert',
  message: 'EUR/USD is above 1.08500 (now 1.08512)',
  color: 'info',
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const notificationToasts = (tab: FakeTab) =>
  tab
    .of('toast')
    .map((message) => message.toast)
    .filter((toast) => toast.kind === 'notification')

function tabs(visibility: Record<string, boolean>, channelOf: (id: string) => string = () => NOTIFICATION) {
  const t = createTestHub()
  t.signIn()
  const opened: Record<string, FakeTab> = {}
  for (const [id, visible] of Object.entries(visibility)) {
    opened[id] = t.addTab(id, { visible })
    t.hub.subscribe(id, channelOf(id))
    vi.advanceTimersByTime(10)
  }
  return { t, opened }
}

describe("a notification's toast", () => {
  it('goes to exactly one tab, the visible one used last, with the event as it came', () => {
    const { t, opened } = tabs({ a: true, b: true, hidden: false })
    t.push.event(NOTIFICATION, PUSH_EVENTS.NOTIFICATION_MESSAGE, ALERT_FIRED)

    expect(notificationToasts(opened.b!)).toEqual([
      { kind: 'notification', channel: NOTIFICATION, notification: ALERT_FIRED },
    ])
    expect(notificationToasts(opened.a!)).toEqual([])
    expect(notificationToasts(opened.hidden!)).toEqual([])
    for (const tab of Object.values(opened)) {
      expect(tab.events(PUSH_EVENTS.NOTIFICATION_MESSAGE).map((message) => message.data)).toEqual([
        ALERT_FIRED,
      ])
    }
  })

  it('follows focus: the tab focused last shows the next one', () => {
    const { t, opened } = tabs({ a: true, b: true })
    t.hub.markActive('a')
    t.push.event(NOTIFICATION, PUSH_EVENTS.NOTIFICATION_MESSAGE, ALERT_FIRED)
    expect(notificationToasts(opened.a!)).toHaveLength(1)
    expect(notificationToasts(opened.b!)).toHaveLength(0)
  })

  it('shows nowhere while no tab is visible (the service worker notifies then), though the sound still plays once', () => {
    const { t, opened } = tabs({ x: false, y: false })
    t.push.event(NOTIFICATION, PUSH_EVENTS.NOTIFICATION_MESSAGE, ALERT_FIRED)
    expect([...notificationToasts(opened.x!), ...notificationToasts(opened.y!)]).toEqual([])
    expect(opened.x!.of('playSound').length + opened.y!.of('playSound').length).toBe(1)
  })

  it('goes only to a tab of the channel, even when another visible tab was used later', () => {
    const { t, opened } = tabs({ subscribed: true, other: true }, (id) =>
      id === 'subscribed' ? NOTIFICATION : CHANNELS.user(7),
    )
    t.push.event(NOTIFICATION, PUSH_EVENTS.NOTIFICATION_MESSAGE, ALERT_FIRED)
    expect(notificationToasts(opened.subscribed!)).toHaveLength(1)
    expect(notificationToasts(opened.other!)).toHaveLength(0)
  })

  it('is not sent for other events', () => {
    const { t, opened } = tabs({ a: true })
    t.push.event(NOTIFICATION, PUSH_EVENTS.USER_UPDATED, {})
    expect(notificationToasts(opened.a!)).toEqual([])
  })
})
