// What the /mt4 specs share: the Active Orders panel opened as a person would at either width, the unread welcome
// notification read first, and the 390 px layout's rule that nothing lies outside the viewport's width.
import type { Locator, Page } from '@playwright/test'
import { expect, signInThroughForm } from './fixtures'

/**
 * Signs in through the form as a person does, lands on the dashboard, then opens /mt4 on its first asset with the
 * welcome note read.
 */
export async function openWorkspaceSignedIn(
  page: Page,
  baseUrl: string,
  customer: { email: string; password: string },
) {
  await page.goto(`${baseUrl}/`)
  await signInThroughForm(page, customer.email, customer.password)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await page.goto(`${baseUrl}/mt4`)
  await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')
  await closeWelcome(page)
}

/** Opens the Active Orders panel: from the workspace's panel bar at 1280 px, from the menu at 390 px. */
export async function openActiveOrders(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close menu' }) })
    await menu.getByRole('button', { name: 'Active Orders' }).click()
  } else {
    await page
      .getByRole('navigation', { name: 'Workspace panels' })
      .getByRole('button', { name: 'Active Orders' })
      .click()
  }
  const panel = page.getByRole('complementary', { name: 'Active Orders' })
  await expect(panel).toBeVisible()
  return panel
}

/** The unread welcome notification sits over the chart: read it first, as a customer would. */
export async function closeWelcome(page: Page) {
  const welcome = page.getByTestId('notification-alert')
  await expect(welcome).toBeVisible()
  // Clicked again until it is gone: the note steps aside while any layer is open (decision 0022) and comes back, so a
  // click can find its button detached and then wait for a note that has already left.
  await expect(async () => {
    if ((await welcome.count()) > 0)
      await welcome.getByRole('button', { name: 'Close' }).click({ timeout: 5_000 })
    await expect(welcome).toHaveCount(0, { timeout: 2_000 })
  }).toPass({ timeout: 60_000 })
}

/** Nothing of the element lies outside the viewport's width (the 390 px layout's rule). */
export async function expectWithinWidth(page: Page, locator: Locator, name: string) {
  const box = await locator.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box && box.x >= 0 && box.x + box.width <= width + 0.5, name).toBe(true)
}
