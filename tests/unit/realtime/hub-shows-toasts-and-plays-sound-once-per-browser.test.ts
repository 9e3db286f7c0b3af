// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, CONNECTION_STATUS, PUSH_EVENTS } from '../../../src/domain/contract/realtime'
import { createTestHub, type FakeTab } from './hub-test-kit'

const USER = CHANNELS.user(7)
const NOTIFICATION = CHANNELS.notification(7)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const toasts = (tab: FakeTab) => tab.of('toast').map((message) => message.toast)

function threeTabs() {
  const t = createTestHub()
  t.signIn()
  const a = t.addTab('a', { visible: true })
  vi.advanceTimersByTime(10)
  const b = t.addTab('b', { visible: true })
  const hidden = t.addTab('hidden', { visible: false })
  for (const tab of [a, b, hidden]) t.hub.subscribe(tab.id, USER)
  return { t, a, b, hidden }
}

describe('connection status and toasts (docs/product/realtime.md#connection-status)', () => {
  it('tells every tab each status change', () => {
    const { t, a, b, hidden } = threeTabs()
    t.push.connected()
    t.push.status(CONNECTION_STATUS.FAILED)
    for (const tab of [a, b, hidden]) {
      expect(tab.of('status').at(-1)?.status).toEqual({
        status: CONNECTION_STATUS.FAILED,
        message: 'Connection failed',
        polling: true,
        prices: CONNECTION_STATUS.DISCONNECTED,
        lastTickAt: null,
        lastHeartbeatAt: null,
      })
    }
  })

  it('shows no toast for the first connection of a session', () => {
    const { t, a, b, hidden } = threeTabs()
    t.push.connected()
    expect([...toasts(a), ...toasts(b), ...toasts(hidden)]).toEqual([])
  })

  it('shows reconnecting, then connected, in exactly one tab: the visible one most recently active', () => {
    const { t, a, b, hidden } = threeTabs()
    t.push.connected()
    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.push.connected()

    expect(toasts(b)).toEqual([
      { kind: 'connecting', message: 'Reconnecting to server...' },
      { kind: 'connected', message: 'Connected to server', durationMs: 2_000 },
    ])
    expect(toasts(a)).toEqual([])
    expect(toasts(hidden)).toEqual([])
  })

  it('follows focus: the tab focused last shows the next toast', () => {
    const { t, a, b } = threeTabs()
    t.push.connected()
    vi.advanceTimersByTime(10)
    t.hub.markActive('a')
    t.push.status(CONNECTION_STATUS.CONNECTING)
    expect(toasts(a)).toHaveLength(1)
    expect(toasts(b)).toHaveLength(0)
  })

  it('shows a failure once per outage with its reason, or Unknown error', () => {
    const { t, b } = threeTabs()
    t.push.status(CONNECTION_STATUS.FAILED, 'Server unreachable')
    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.push.status(CONNECTION_STATUS.FAILED, 'Server unreachable again')
    t.push.status(CONNECTION_STATUS.CONNECTING)
    t.push.connected()
    t.push.status(CONNECTION_STATUS.FAILED)

    expect(toasts(b)).toEqual([
      { kind: 'failed', message: 'Connection failed: Server unreachable', durationMs: 4_000 },
      { kind: 'connecting', message: 'Reconnecting to server...' },
      { kind: 'connected', message: 'Connected to server', durationMs: 2_000 },
      { kind: 'failed', message: 'Connection failed: Unknown error', durationMs: 4_000 },
    ])
  })

  it('shows no toast when no tab is visible', () => {
    const t = createTestHub()
    t.signIn()
    const hidden = t.addTab('hidden', { visible: false })
    t.hub.subscribe('hidden', USER)
    t.push.connected()
    t.push.status(CONNECTION_STATUS.CONNECTING)
    expect(toasts(hidden)).toEqual([])
    expect(hidden.of('status').at(-1)?.status.status).toBe(CONNECTION_STATUS.CONNECTING)
  })
})

describe('notification sound', () => {
  it('asks exactly one tab, the chosen visible one, to play it, while every subscribed tab gets the event', () => {
    const t = createTestHub()
    t.signIn()
    const a = t.addTab('a', { visible: true })
    vi.advanceTimersByTime(10)
    const b = t.addTab('b', { visible: true })
    const hidden = t.addTab('hidden', { visible: false })
    for (const tab of [a, b, hidden]) t.hub.subscribe(tab.id, NOTIFICATION)

    const payload = { id: 1, title: 'Deposit', message: 'Funds arrived', color: 'success' }
    t.push.event(NOTIFICATION, PUSH_EVENTS.NOTIFICATION_MESSAGE, payload)

    expect(b.of('playSound')).toHaveLength(1)
    expect(a.of('playSound')).toHaveLength(0)
    expect(hidden.of('playSound')).toHaveLength(0)
    for (const tab of [a, b, hidden]) expect(tab.events(PUSH_EVENTS.NOTIFICATION_MESSAGE)).toHaveLength(1)
  })

  it('asks a hidden tab when no tab is visible, still only one', () => {
    const t = createTestHub()
    t.signIn()
    const x = t.addTab('x', { visible: false })
    const y = t.addTab('y', { visible: false })
    t.hub.subscribe('x', NOTIFICATION)
    t.hub.subscribe('y', NOTIFICATION)
    t.push.event(NOTIFICATION, PUSH_EVENTS.NOTIFICATION_MESSAGE, {
      id: 1,
      title: 't',
      message: 'm',
      color: 'x',
    })

    expect(x.of('playSound').length + y.of('playSound').length).toBe(1)
  })
})
