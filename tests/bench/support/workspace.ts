// What the /mt4 benches share: a signed-in browser storage without going through the form, and the marks a page
// records from navigation start to the workspace's first price.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { CHROMIUM_ARGS } from '../../../playwright.config'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import { DEMO_CUSTOMER } from '../../e2e/support/server'

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>

/**
 * localStorage as the app leaves it after a sign-in (`user-storage`), optionally with the site settings cached
 * (`site-settings`: a returning visitor, no splash). Nothing else: no HTTP cache, no service worker.
 */
export async function signedInStorage(
  baseUrl: string,
  options: { settingsCached: boolean },
): Promise<StorageState> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  })
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const { data } = (await login.json()) as { data: { user: unknown; token: string } }
  const localStorage: { name: string; value: string }[] = [
    {
      name: STORAGE_KEYS.SESSION,
      value: JSON.stringify({
        state: { user: data.user, token: data.token, selectedAccountIndex: 0 },
        version: 0,
      }),
    },
  ]
  if (options.settingsCached) {
    const settings = (await (await fetch(`${baseUrl}/api/v1/settings`)).json()) as { data: unknown }
    localStorage.push({
      name: STORAGE_KEYS.SITE_SETTINGS,
      value: JSON.stringify({
        settings: settings.data,
        error: null,
        initialized: true,
        lastFetched: Date.now(),
      }),
    })
  }
  return { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage }] }
}

/** ms from navigation start (performance.now() of the page) to the frame after each event; null if not seen. */
export interface FirstPriceMarks {
  /** first-contentful-paint (whatever it painted: the splash, the app shell or the workspace). */
  fcp: number | null
  /** The workspace's trade bar is in the DOM (its Buy button). */
  workspace: number | null
  /** The Buy button shows a price (not empty, not '—'). */
  buyPrice: number | null
  /** A market watch bid shows a price. */
  watchBid: number | null
  /** A market watch bid changed from the first price it showed: live ticks arrive. */
  liveTick: number | null
}

/** Init script: installed before the app's scripts, records FirstPriceMarks into window.__firstPrice. */
export function installFirstPriceMarks() {
  const marks: Record<string, number | null> = {
    fcp: null,
    workspace: null,
    buyPrice: null,
    watchBid: null,
    liveTick: null,
  }
  ;(window as unknown as { __firstPrice: typeof marks }).__firstPrice = marks
  const pendingNames: Record<string, true> = {}
  const mark = (name: string) => {
    if (marks[name] !== null || name in pendingNames) return
    pendingNames[name] = true
    requestAnimationFrame(() => {
      marks[name] = performance.now()
      delete pendingNames[name]
    })
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime
    }
  }).observe({ type: 'paint', buffered: true })
  const firstBids = new Map<string, string>()
  const check = () => {
    if (marks.workspace === null && document.querySelector('[data-testid="open-buy-ticket"]'))
      mark('workspace')
    const buy = document.querySelector('[data-testid="buy-price"]')?.textContent?.trim()
    if (buy && buy !== '—') mark('buyPrice')
    const bids = document.querySelectorAll('[data-testid^="watch-bid-"]')
    for (const bid of bids) {
      const key = bid.getAttribute('data-testid')!
      const text = bid.textContent?.trim() ?? ''
      if (!text) continue
      mark('watchBid')
      const first = firstBids.get(key)
      if (first === undefined) firstBids.set(key, text)
      else if (first !== text) mark('liveTick')
    }
    if (Object.values(marks).every((value) => value !== null)) observer.disconnect()
  }
  const observer = new MutationObserver(check)
  const start = () =>
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true })
  if (document.documentElement) start()
  else document.addEventListener('readystatechange', start, { once: true })
}

/** Adds installFirstPriceMarks to every page of the context. */
export async function addFirstPriceMarks(context: BrowserContext) {
  // tsx compiles named inner functions to __name(...) calls; the page has no such helper.
  await context.addInitScript('globalThis.__name ??= (target) => target')
  await context.addInitScript(installFirstPriceMarks)
}

export async function readFirstPriceMarks(page: Page): Promise<FirstPriceMarks> {
  return page.evaluate(() => ({ ...(window as unknown as { __firstPrice: FirstPriceMarks }).__firstPrice }))
}

/** Waits until every mark is in (or the timeout), then returns them. */
export async function waitForFirstPrice(page: Page, timeoutMs = 20_000): Promise<FirstPriceMarks> {
  await page
    .waitForFunction(
      () => {
        const marks = (window as unknown as { __firstPrice?: Record<string, number | null> }).__firstPrice
        return marks !== undefined && Object.values(marks).every((value) => value !== null)
      },
      undefined,
      { timeout: timeoutMs, polling: 100 },
    )
    .catch(() => undefined)
  return readFirstPriceMarks(page)
}

/**
 * A signed-in phone (390 x 844, touch) in a fresh Chromium, settings cached and no service worker, as the phone
 * benches open it (main-thread.ts, start-profile.ts). Close the browser when done.
 */
export async function signedInPhone(baseUrl: string): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: await signedInStorage(baseUrl, { settingsCached: true }),
    serviceWorkers: 'block',
  })
  return { browser, context }
}
