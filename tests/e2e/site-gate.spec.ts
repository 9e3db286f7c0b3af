// docs/product/site-and-gates.md#splash and #site-gate ("Site"): the splash, Site Unreachable with Try Again, Site
// Temporarily Disabled.
import { test, expect, expectLoginPage } from './support/fixtures'
import { apiLogin, DEMO_ADMIN, patchSettings } from './support/server'

// Every test here is about what a visitor sees before the settings are cached: no returning-visitor start.
test.use({ firstVisit: true })

test(
  'a first visit shows the splash, then the login page',
  { tag: '@mobile' },
  async ({ page, sharedServer }) => {
    await page.goto(sharedServer.url)
    await expect(page.getByText('Loading market data...')).toBeVisible()
    const bar = page.getByRole('progressbar', { name: 'Loading market data' })
    await expect(bar).toBeVisible()
    // The bar climbs in 1 % steps: catch it part of the way.
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(10)
    await expectLoginPage(page)
    await expect(page.getByTestId('splash')).toHaveCount(0)
  },
)

test('the page paints its splash before it requests any script of the app', async ({
  page,
  sharedServer,
}) => {
  await page.goto(sharedServer.url)
  await expectLoginPage(page)
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  }))
  expect(timings.firstPaint).not.toBeNull()
  expect(timings.scripts.length).toBeGreaterThan(5)
  // boot.js (not under /assets) asks for them after the splash's frame; Vite's own tags would ask during parsing.
  const early = timings.scripts.filter((script) => script.startTime < timings.firstPaint!)
  expect(early).toEqual([])
})

test('a returning visitor with cached settings skips the splash', async ({ page, sharedServer }) => {
  await page.goto(sharedServer.url)
  await expectLoginPage(page)
  await page.reload()
  await expectLoginPage(page)
  await expect(page.getByTestId('splash')).toHaveCount(0)
})

test.describe('settings endpoint failing', () => {
  // The service worker would answer /api/v1/settings from its cache; this test is about a visitor without one.
  test.use({ serviceWorkers: 'block' })

  test('shows Site Unreachable, and Try Again recovers once the endpoint answers', async ({
    page,
    sharedServer,
  }) => {
    let failing = true
    await page.route('**/api/v1/settings', (route) =>
      failing ? route.abort('connectionrefused') : route.continue(),
    )
    await page.goto(sharedServer.url)
    await expect(page.getByRole('heading', { name: 'Site Unreachable' })).toBeVisible({ timeout: 30_000 })
    await expect(
      page.getByText(
        "We're having trouble connecting to the server. This could be due to network issues or the server might be undergoing maintenance.",
      ),
    ).toBeVisible()

    const tryAgain = page.getByRole('button', { name: 'Try Again' })
    await tryAgain.click()
    // Still failing: the screen stays (the splash does not come back) while the query asks again with its
    // retries, then Try Again is offered again.
    await expect(tryAgain).toHaveAttribute('aria-busy', 'true')
    await expect(page.getByTestId('splash')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Site Unreachable' })).toBeVisible()
    await expect(tryAgain).toBeEnabled({ timeout: 30_000 })

    failing = false
    await tryAgain.click()
    await expectLoginPage(page)
  })
})

test('status disabled through the admin endpoint shows Site Temporarily Disabled', async ({
  page,
  ownServer,
}) => {
  const adminToken = await apiLogin(ownServer.url, DEMO_ADMIN)
  const maintenance = 'Scheduled upgrade until 18:00 UTC. <b>Thanks</b> for your patience.'
  await patchSettings(ownServer.url, adminToken, {
    status: 'disabled',
    maintenanceMessage: maintenance,
    contactEmail: 'help@broker.example',
  })

  await page.goto(ownServer.url)
  await expect(page.getByRole('heading', { name: 'Site Temporarily Disabled' })).toBeVisible()
  // The operator's text renders as text, markup and all.
  await expect(page.getByTestId('maintenance-message')).toHaveText(maintenance)
  await expect(page.getByText('If you need immediate assistance, please contact us at')).toBeVisible()
  await expect(page.getByRole('link', { name: 'help@broker.example' })).toHaveAttribute(
    'href',
    'mailto:help@broker.example',
  )

  // Without a message the default sentence shows; Check Status re-fetches.
  await patchSettings(ownServer.url, adminToken, { maintenanceMessage: null })
  await page.getByRole('button', { name: 'Check Status' }).click()
  await expect(page.getByText('This site is currently unavailable. Please check back later.')).toBeVisible()

  await patchSettings(ownServer.url, adminToken, { status: 'active' })
  await page.getByRole('button', { name: 'Check Status' }).click()
  await expectLoginPage(page)
})
