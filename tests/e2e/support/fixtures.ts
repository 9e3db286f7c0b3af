import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import type { SiteSettings } from '../../../src/domain/contract/site'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import { startServer, type RunningServer } from './server'

interface WorkerFixtures {
  /** One server per worker, shared by tests that do not change site settings. */
  sharedServer: RunningServer
  /** The shared server's site settings as the app caches them after a visit (src/lib/settings-cache.ts). */
  sharedSettingsCache: string
}
interface TestFixtures {
  /**
   * false (the default): every context starts as a returning visitor of the shared server, with its settings
   * cached, so the page skips the first visit's 3 s splash (docs/product/site-and-gates.md#splash) that only the
   * site-gate spec is about. true: a first visit, for the tests of the splash and of a visitor without cached
   * settings. Pages of a test's own server are first visits either way (its settings may differ).
   */
  firstVisit: boolean
  /** A server of this test's own, for tests that change settings or stop the server. */
  ownServer: RunningServer
  /**
   * Another browser context (a second person: the admin beside the customer), watched for Content-Security-Policy
   * refusals like the `context` fixture's and closed at the end of the test.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
}

/** Collects the console errors Chromium prints when the page's Content-Security-Policy refuses something. */
function watchPolicyRefusals(context: BrowserContext, violations: string[]) {
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        violations.push(`${page.url()}: ${message.text()}`)
      }
    })
  context.pages().forEach(watch)
  context.on('page', watch)
}

/**
 * Writes the settings cache before the app's own scripts run, on the shared server's origin only, and only where
 * the browser has none yet (a later visit's own write stands).
 */
async function startAsReturningVisitor(context: BrowserContext, origin: string, cache: string) {
  await context.addInitScript(
    ({ origin, key, cache }) => {
      if (location.origin !== origin) return
      try {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, cache)
      } catch {
        // An opaque origin or blocked storage: the page plays its first visit.
      }
    },
    { origin, key: STORAGE_KEYS.SITE_SETTINGS, cache },
  )
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  firstVisit: [false, { option: true }],
  // Every page of every test runs under the server's Content-Security-Policy: a test fails if anything the app
  // does is refused by it (Chromium reports each refusal as a console error).
  context: async ({ context, firstVisit, sharedServer, sharedSettingsCache }, use) => {
    const violations: string[] = []
    watchPolicyRefusals(context, violations)
    if (!firstVisit) await startAsReturningVisitor(context, sharedServer.url, sharedSettingsCache)
    await use(context)
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
  newContext: async ({ browser, firstVisit, sharedServer, sharedSettingsCache }, use) => {
    const violations: string[] = []
    const contexts: BrowserContext[] = []
    await use(async (options) => {
      const context = await browser.newContext(options)
      if (!firstVisit) await startAsReturningVisitor(context, sharedServer.url, sharedSettingsCache)
      watchPolicyRefusals(context, violations)
      contexts.push(context)
      return context
    })
    // Closing twice is harmless: a test may close its contexts itself to end their realtime connections.
    await Promise.all(contexts.map((context) => context.close()))
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
  sharedServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer()
      await use(server)
      await server.dispose()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  sharedSettingsCache: [
    async ({ sharedServer }, use) => {
      const response = await fetch(`${sharedServer.url}/api/v1/settings`)
      if (!response.ok) throw new Error(`settings failed: ${response.status}`)
      const { data } = (await response.json()) as { data: SiteSettings }
      // The shape src/lib/settings-cache.ts writes after a visit (this project's tsconfig cannot reach src/lib).
      await use(JSON.stringify({ settings: data, error: null, initialized: true, lastFetched: Date.now() }))
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern
  ownServer: async ({}, use) => {
    const server = await startServer()
    await use(server)
    await server.dispose()
  },
})

export { expect }

/**
 * Waits until the service worker is active, so the app shell is precached and a reload offline is served from it.
 * `navigator.serviceWorker.ready` can resolve while the worker is still activating.
 */
export async function serviceWorkerActivated(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const worker = registration.active
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      )
    }
  })
}

/** The app is past the site gate and shows the sign-in page. */
export async function expectLoginPage(page: Page) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Opens a page in `context`, signs in through the form and waits for where that account lands: a customer on the
 * dashboard, an admin on the back office (decision 0017).
 */
export async function openSignedIn(
  context: BrowserContext,
  baseUrl: string,
  credentials: { email: string; password: string },
) {
  const page = await context.newPage()
  await page.goto(baseUrl)
  await signInThroughForm(page, credentials.email, credentials.password)
  await expect(page).toHaveURL(/\/(main\/dashboard|admin)$/)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  return page
}

/**
 * A browser context already signed in as `credentials`: the session the app stores after a sign-in (user and
 * token under `user-storage`), written as storage state, so a test whose subject is not the sign-in skips the form.
 */
export async function signedInContext(
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  baseUrl: string,
  credentials: { email: string; password: string },
  options: BrowserContextOptions = {},
) {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  })
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  const { data } = (await response.json()) as { data: { token: string; user: unknown } }
  const session = { state: { user: data.user, token: data.token, selectedAccountIndex: 0 }, version: 0 }
  return newContext({
    ...options,
    storageState: {
      cookies: [],
      origins: [
        { origin: baseUrl, localStorage: [{ name: 'user-storage', value: JSON.stringify(session) }] },
      ],
    },
  })
}
