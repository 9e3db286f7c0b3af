// Pending orders in the /mt4 workspace (decision 0034) at 1280 and 390 px: place a buy limit well below the market
// from the pending order dialog, find it in the Active Orders panel, move its price, cancel it. Prices are 2-3 % away
// from the market, so no random tick fills the order while the test runs. A customer of this test's own on the
// shared server, starting as the demo customer does, so no other test's orders are listed.
import type { Page } from '@playwright/test'
import { demoLikeCustomer } from './support/api'
import { test, expect } from './support/fixtures'
import { expectWithinWidth, openActiveOrders, openWorkspaceSignedIn } from './support/workspace'

const priceText = (price: number) =>
  price.toLocaleString('en-US', { minimumFractionDigits: 5, maximumFractionDigits: 5 })

/** The ask on the Buy button, as a number ('67,123.4567' -> 67123.4567). */
async function askOf(page: Page) {
  const text = (await page.getByTestId('buy-price').textContent()) ?? ''
  const ask = Number(text.replaceAll(',', ''))
  expect(ask, `ask '${text}'`).toBeGreaterThan(0)
  return ask
}

test(
  'place a buy limit below the market, modify its price in Active Orders and cancel it',
  { tag: '@mobile' },
  async ({ page, sharedServer, isMobile }, testInfo) => {
    // Three dialogs, a panel and five round trips: more than the default budget on a busy machine.
    test.slow()
    const customer = await demoLikeCustomer(sharedServer.url, 'orders')
    await openWorkspaceSignedIn(page, sharedServer.url, customer)

    // The dialog says what the price makes before anything is sent: 2 % under the ask is a buy limit.
    const placedAt = Math.round((await askOf(page)) * 0.98 * 100) / 100
    await page.getByRole('button', { name: 'Pending order' }).click()
    const dialog = page.getByRole('dialog', { name: 'Pending buy order' })
    await expect(dialog.getByLabel('Price')).toHaveValue('Current')
    await dialog.getByRole('button', { name: 'Decrease by 0.00001' }).click()
    await dialog.getByLabel('Price').fill(String(placedAt))
    await expect(dialog.getByTestId('pending-order-type')).toHaveText(
      `Buy limit: fills at ${priceText(placedAt)} or better when the ask reaches it.`,
    )
    await expectWithinWidth(page, dialog, 'pending order dialog')
    await testInfo.attach('pending-order-dialog', { body: await page.screenshot(), contentType: 'image/png' })
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Pending order placed')).toBeVisible()
    await expect(dialog).toBeHidden()

    // Active Orders lists it with its price and a distance to the market below zero.
    const panel = await openActiveOrders(page, isMobile)
    const row = panel.locator('[data-testid^="order-row-"]')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('BTC/USD')
    await expect(row).toContainText('Buy limit')
    await expect(row.getByTestId('order-price')).toHaveText(priceText(placedAt))
    await expect(row.getByTestId('order-distance')).toHaveText(/^−[\d,]+\.\d{5}$/)
    await expectWithinWidth(page, panel, 'Active Orders panel')
    for (const name of ['Modify', 'Cancel']) {
      await expectWithinWidth(page, row.getByRole('button', { name }), name)
    }
    await testInfo.attach('active-orders-panel', { body: await page.screenshot(), contentType: 'image/png' })

    // Modify: a new price, 3 % under the ask; the row shows it.
    const movedTo = Math.round((await askOf(page)) * 0.97 * 100) / 100
    await row.getByRole('button', { name: 'Modify' }).click()
    const modify = page.getByRole('dialog', { name: 'Modify order' })
    await expect(modify.getByLabel('Price')).toHaveValue(String(placedAt))
    await modify.getByLabel('Price').fill(String(movedTo))
    await expectWithinWidth(page, modify, 'modify order dialog')
    await testInfo.attach('modify-order-dialog', { body: await page.screenshot(), contentType: 'image/png' })
    await modify.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Order modified')).toBeVisible()
    await expect(modify).toBeHidden()
    await expect(row.getByTestId('order-price')).toHaveText(priceText(movedTo))

    // Cancel, after the confirmation: the list is empty.
    await row.getByRole('button', { name: 'Cancel' }).click()
    const confirm = page.getByRole('dialog', { name: 'Cancel order' })
    await testInfo.attach('cancel-order-dialog', { body: await page.screenshot(), contentType: 'image/png' })
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Order cancelled')).toBeVisible()
    await expect(panel.getByText('No pending orders available')).toBeVisible()

    // The history holds it, cancelled.
    await panel.getByRole('tab', { name: 'History' }).click()
    const ended = panel.locator('[data-testid^="order-history-row-"]')
    await expect(ended).toHaveCount(1)
    await expect(ended.getByTestId('order-end')).toHaveText('Cancelled')
    await expectWithinWidth(page, ended, 'order history row')
    await testInfo.attach('order-history', { body: await page.screenshot(), contentType: 'image/png' })
  },
)
