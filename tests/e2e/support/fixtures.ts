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

/** The app is past the site gate and shows the sign-in page. */
export async function expectLoginPage(page: Page) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
