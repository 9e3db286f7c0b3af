import { test as base, expect, type Page } from '@playwright/test'
import { startServer, type RunningServer } from './server'

interface WorkerFixtures {
  /** One server per worker, shared by tests that do not change site settings. */
  sharedServer: RunningServer
}
interface TestFixtures {
  /** A server of this test's own, for tests that change settings or stop the server. */
  ownServer: RunningServer
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every page of every test runs under the server's Content-Security-Policy: a test fails if anything the app
  // does is refused by it (Chromium reports each refusal as a console error).
  context: async ({ context }, use) => {
    const violations: string[] = []
    const watch = (page: Page) =>
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
          violations.push(`${page.url()}: ${message.text()}`)
        }
      })
    context.pages().forEach(watch)
    context.on('page', watch)
    await use(context)
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
