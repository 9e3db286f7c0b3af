// docs/architecture.md#offline: on a second visit with the server down, the service worker serves the shell and the
// last settings it saw.
import { test, expect, expectLoginPage, serviceWorkerActivated } from './support/fixtures'

// This spec is about the service worker: it runs with one (the suite blocks it elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/** SW_CACHES.SETTINGS in workers/sw.ts (that module runs the worker when imported, so it is not imported here). */
const SETTINGS_CACHE = 'api-settings'

test('second visit with the server stopped: the shell and the cached settings', async ({
  page,
  ownServer,
}) => {
  await page.goto(ownServer.url)
  await expectLoginPage(page)
  await serviceWorkerActivated(page)
  // The settings answer cached by the service worker comes from a request it controls: make one.
  await page.reload()
  await expectLoginPage(page)
  const siteName = await page.title()
  // The worker stores that answer after handing it to the page: wait until it is in the cache, as a user who stays
  // a moment would (a loaded machine once stopped the server first, and the next visit had no settings to show).
  await expect
    .poll(() =>
      page.evaluate(async (cacheName) => {
        const cache = await caches.open(cacheName)
        return (await cache.keys()).some((request) => new URL(request.url).pathname === '/api/v1/settings')
      }, SETTINGS_CACHE),
    )
    .toBe(true)

  await ownServer.stop()
  // Forget the page's own settings cache, so only the service worker can supply them.
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await expectLoginPage(page)
  await expect(page.getByRole('heading', { name: 'Site Unreachable' })).toHaveCount(0)
  await expect(page).toHaveTitle(siteName)

  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json())
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
    '192x192',
    '512x512',
    '512x512',
  ])
})

test('API calls go straight to the network; only the settings call reaches the service worker', async ({
  page,
  sharedServer,
}) => {
  // Nothing of the server's changes here, so the shared one serves: the worker this context installs is its own.
  await page.goto(sharedServer.url)
  await expectLoginPage(page)
  await serviceWorkerActivated(page)
  await page.reload()
  await expectLoginPage(page)
  // Resource timing names the source the worker's static routes chose for each request (Chromium 123+).
  const sources = await page.evaluate(async () => {
    const paths = ['/api/v1/settings', '/api/v1/assets', '/api/v1/user']
    const entryOf = (path: string) =>
      performance.getEntriesByName(new URL(path, location.href).href).at(-1) as
        (PerformanceResourceTiming & { workerMatchedSourceType?: string }) | undefined
    performance.clearResourceTimings()
    for (const path of paths) await (await fetch(path)).text()
    // An entry is added after its response ends, a task or so later.
    for (let waited = 0; waited < 2_000 && paths.some((path) => !entryOf(path)); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return {
      controlled: navigator.serviceWorker.controller !== null,
      byPath: paths.map((path) => entryOf(path)?.workerMatchedSourceType ?? 'none'),
    }
  })
  expect(sources).toEqual({ controlled: true, byPath: ['fetch-event', 'network', 'network'] })
})
