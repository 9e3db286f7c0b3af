import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { startServer, type RunningServer } from './server'

interface WorkerFixtures {
  /** One server per worker, shared by tests that do not change site settings. */
  sharedServer: RunningServer
}
interface TestFixtures {
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

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every page of every test runs under the server's Content-Security-Policy: a test fails if anything the app
  // does is refused by it (Chromium reports each refusal as a console error).
  context: async ({ context }, use) => {
    const violations: string[] = []
    watchPolicyRefusals(context, violations)
    await use(context)
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
  newContext: async ({ browser }, use) => {
    const violations: string[] = []
    const contexts: BrowserContext[] = []
    await use(async (options) => {
      const context = await browser.newContext(options)
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
 * Trap 6 of TOOLCHAIN.md: `ready` can resolve while the worker is still activating.
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
 * dashboard, an admin on the back office (issue 14).
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
