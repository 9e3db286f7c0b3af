// The Content-Security-Policy (server/lib/content-security-policy.ts) is enforced, and the app lives within it:
// an injected inline script does not run, while the signed-in workspace (its realtime worker's sockets included)
// works. Every other spec checks that nothing it does is refused (tests/e2e/support/fixtures.ts).
import { test, expect, signInThroughForm } from './support/fixtures'
import { DEMO_CUSTOMER } from './support/server'

test('the page is served with a policy that refuses injected scripts', async ({ browser, sharedServer }) => {
  const response = await fetch(`${sharedServer.url}/`, { headers: { accept: 'text/html' } })
  const policy = response.headers.get('content-security-policy') ?? ''
  expect(policy).toContain("script-src 'self' https://s3.tradingview.com")
  expect(policy).not.toContain('unsafe-eval')
  expect(policy).toContain("frame-ancestors 'none'")

  // Its own context: this test causes a violation on purpose, which the shared fixture would count as a failure.
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const refusals: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusals.push(message.text())
    })
    await page.goto(sharedServer.url)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    // What a name or message that slipped into the markup as HTML would do: add a script of its own.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      const image = document.createElement('img')
      image.src = 'x'
      image.setAttribute('onerror', 'window.__injected = true')
      document.body.append(image)
      await new Promise((resolve) => setTimeout(resolve, 200))
      return (window as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    expect(refusals.length).toBeGreaterThanOrEqual(2)
  } finally {
    await context.close()
  }
})

test('the signed-in workspace runs under the policy: prices tick through the shared worker', async ({
  page,
  sharedServer,
}) => {
  await page.goto(sharedServer.url)
  await signInThroughForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByTestId('connection-indicator')).toHaveText('Live')
  const bid = page.getByTestId('market-row-btcusd').getByTestId('bid')
  const before = await bid.textContent()
  await expect.poll(() => bid.textContent(), { timeout: 20_000 }).not.toBe(before)

  await page.goto(`${sharedServer.url}/mt4`)
  await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')
  const sellPrice = page.getByTestId('sell-price')
  const sellBefore = await sellPrice.textContent()
  await expect.poll(() => sellPrice.textContent(), { timeout: 20_000 }).not.toBe(sellBefore)
})
