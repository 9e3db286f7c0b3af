// docs/architecture.md#offline: a new version of the app waits until the user chooses to reload ("Update available"),
// and then takes over. The page's bridge (src/lib/pwa.ts) speaks to the browser's service worker API itself (decision
// 0031), so this walks the whole path with Chromium's real worker: a server serves a copy of the build, the copy's
// worker changes, the page finds the new one waiting, and Reload hands the page to it.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect, expectLoginPage, serviceWorkerActivated } from './support/fixtures'
import { startServer } from './support/server'

// This spec is about the service worker: it runs with one (the suite blocks it elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

const DIST = new URL('../../dist', import.meta.url).pathname

test('a new version waits for Reload, then controls the page', async ({ page }) => {
  const clientDir = mkdtempSync(join(tmpdir(), 'cfd-e2e-client-'))
  cpSync(DIST, clientDir, { recursive: true })
  const server = await startServer({ CLIENT_DIR: clientDir })
  try {
    await page.goto(server.url)
    await expectLoginPage(page)
    await serviceWorkerActivated(page)
    const firstWorker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      return { scriptURL: registration.active?.scriptURL, waiting: registration.waiting !== null }
    })
    expect(firstWorker.waiting).toBe(false)
    // The first install is not an update: nothing is offered.
    await expect(page.getByText('Update available')).toHaveCount(0)

    // The next release: the worker's script changes (its compressed copies go, so the server sends the new bytes).
    appendFileSync(join(clientDir, 'sw.js'), '\n// the next release\n')
    rmSync(join(clientDir, 'sw.js.br'), { force: true })
    rmSync(join(clientDir, 'sw.js.gz'), { force: true })
    // The browser checks for a new worker on navigation; a reload is what a returning user does.
    await page.evaluate(() => ((window as { beforeUpdate?: boolean }).beforeUpdate = true))
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update())

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Update available' })
    await expect(toast).toBeVisible({ timeout: 20_000 })
    await expect(toast).toContainText('A new version of the app is ready.')
    // It waits for the user: the page is the same page, and the new worker is still waiting.
    expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true)
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null)).toBe(true)

    // The page reloads under the new worker: the marker is gone and nothing waits any more.
    const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame())
    await toast.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await page.waitForLoadState('load')
    await expectLoginPage(page)
    expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(
      false,
    )
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      return {
        waiting: registration.waiting !== null,
        controlled: navigator.serviceWorker.controller !== null,
        state: registration.active?.state,
      }
    })
    expect(after).toEqual({ waiting: false, controlled: true, state: 'activated' })
    await expect(page.getByText('Update available')).toHaveCount(0)
  } finally {
    await server.dispose()
    rmSync(clientDir, { recursive: true, force: true })
  }
})
