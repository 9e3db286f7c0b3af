// @vitest-environment node
// The service worker's Web Push handling (workers/push-notifications.ts, decision 0037). The e2e spec delivers a
// real push to the real worker through Chromium's DevTools protocol and dispatches a click; a click's new-window
// path (no window of the app open) needs a real user's click, which no test can give Chromium, so it is tested here.
import { describe, expect, it, vi } from 'vitest'
import {
  APP_ICON_URL,
  hasVisibleWindow,
  notificationFromPush,
  notificationUrl,
  openNotificationTarget,
  type AppWindow,
} from '../../../workers/push-notifications'

const ORIGIN = 'https://broker.example'

function appWindow(fields: Partial<AppWindow> & { url: string }): AppWindow & { calls: string[] } {
  const calls: string[] = []
  return {
    visibilityState: 'hidden',
    focused: false,
    focus: vi.fn(async () => {
      calls.push('focus')
    }),
    navigate: vi.fn(async (url: string) => {
      calls.push(`navigate ${url}`)
    }),
    calls,
    ...fields,
  }
}

describe('what a push shows', () => {
  it("shows the server's title and body with the app icon, the alert's tag and /mt4 on its asset", () => {
    const shown = notificationFromPush(
      JSON.stringify({
        title: 'Price alert',
        body: 'EUR/USD is above 1.08500 (now 1.08512)',
        tag: 'alert-7',
        url: '/mt4',
        asset_id: 'eurusd',
      }),
      ORIGIN,
      'CFD Trader',
    )
    expect(shown).toEqual({
      title: 'Price alert',
      options: {
        body: 'EUR/USD is above 1.08500 (now 1.08512)',
        icon: APP_ICON_URL,
        badge: APP_ICON_URL,
        tag: 'alert-7',
        data: { url: `${ORIGIN}/mt4?asset=eurusd` },
      },
    })
  })

  it('shows a payload that is not JSON as its text under the site name, leading to /mt4', () => {
    const shown = notificationFromPush('hello', ORIGIN, 'CFD Trader')
    expect(shown.title).toBe('CFD Trader')
    expect(shown.options.body).toBe('hello')
    expect(shown.options.data.url).toBe(`${ORIGIN}/mt4`)
  })

  it('never leads off the app: a foreign or protocol-relative url falls back to /mt4', () => {
    expect(notificationUrl({ url: 'https://evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/mt4`)
    expect(notificationUrl({ url: '//evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/mt4`)
    expect(notificationUrl({ url: '/main/withdrawal' }, ORIGIN)).toBe(`${ORIGIN}/main/withdrawal`)
    expect(notificationUrl({ asset_id: 'btc usd' }, ORIGIN)).toBe(`${ORIGIN}/mt4?asset=btc%20usd`)
  })

  it('leaves the notification to the tab when one of the app is visible', () => {
    expect(hasVisibleWindow([{ visibilityState: 'hidden' }, { visibilityState: 'visible' }])).toBe(true)
    expect(hasVisibleWindow([{ visibilityState: 'hidden' }])).toBe(false)
    expect(hasVisibleWindow([])).toBe(false)
  })
})

describe('a click on the notification', () => {
  const url = `${ORIGIN}/mt4?asset=eurusd`

  it('opens a new window at its page when no window of the app is open', async () => {
    const openWindow = vi.fn(async () => null)
    await expect(openNotificationTarget([], url, openWindow)).resolves.toBe('opened')
    expect(openWindow).toHaveBeenCalledWith(url)
  })

  it('focuses the open window (the focused, else the visible one) and takes it to the page', async () => {
    const hidden = appWindow({ url: `${ORIGIN}/main/settings` })
    const visible = appWindow({ url: `${ORIGIN}/main/dashboard`, visibilityState: 'visible' })
    const openWindow = vi.fn(async () => null)
    await expect(openNotificationTarget([hidden, visible], url, openWindow)).resolves.toBe('navigated')
    expect(visible.calls).toEqual(['focus', `navigate ${url}`])
    expect(hidden.calls).toEqual([])
    expect(openWindow).not.toHaveBeenCalled()
  })

  it('still takes the window to the page when focus is refused, and does not reload a window already there', async () => {
    const refusing = appWindow({ url: `${ORIGIN}/main/settings` })
    refusing.focus = vi.fn(async () => {
      throw new Error('Not allowed to focus a window.')
    })
    await openNotificationTarget([refusing], url, vi.fn())
    expect(refusing.navigate).toHaveBeenCalledWith(url)

    const there = appWindow({ url })
    await openNotificationTarget([there], url, vi.fn())
    expect(there.calls).toEqual(['focus'])
  })

  it('opens a new window when the open one cannot be navigated (not controlled by this worker)', async () => {
    const uncontrolled = appWindow({ url: `${ORIGIN}/login` })
    uncontrolled.navigate = vi.fn(async () => {
      throw new TypeError("This service worker is not the client's active service worker.")
    })
    const openWindow = vi.fn(async () => null)
    await expect(openNotificationTarget([uncontrolled], url, openWindow)).resolves.toBe('opened')
    expect(openWindow).toHaveBeenCalledWith(url)
  })
})
