// Decision 0034 in the workspace: an open position's stop-loss and trailing stop changed through Modify, a part of it
// closed through the close confirmation's volume (the rest keeps its row, id and levels), and Close all closing
// what is left. One customer of this test's own, so no other test's positions are counted.
import { activeCustomer, adjustBalance, openPosition } from './support/api'
import { test, expect, signedInContext } from './support/fixtures'
import { apiLogin } from './support/server'

/** The workspace's price format (src/domain/format/numbers.ts): 5 decimals, grouped. */
const price = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 5, maximumFractionDigits: 5 })
const number = (text: string | null) => Number((text ?? '').replaceAll(',', ''))

test('Modify sets a stop loss and a trailing stop, a part closes and keeps its row, then Close all closes the rest @mobile', async ({
  newContext,
  sharedServer,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'positions')
  await adjustBalance(sharedServer.url, customer.id, '20000.00')
  const token = await apiLogin(sharedServer.url, customer)
  const bitcoin = await openPosition(sharedServer.url, token, 'BTCUSD', 'buy', 0.02)
  const ether = await openPosition(sharedServer.url, token, 'ETHUSD', 'sell', 0.01)
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/mt4`)
  const row = page.getByTestId(`position-row-${bitcoin}`)
  await expect(row).toContainText('0.02 lot')
  await expect(page.getByTestId(`position-row-${ether}`)).toBeVisible()
  // The chart's asset, whose positions Close all offers on their own.
  await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')

  // Modify: a stop loss well below the market and a trailing distance wider than the gap, so the stop stays put.
  await row.getByRole('button', { name: 'Modify' }).click()
  const levels = page.getByRole('dialog', { name: 'Take profit and stop loss' })
  await expect(levels.getByTestId('levels-closing-price')).toHaveText(/\d/)
  const bid = number(await levels.getByTestId('levels-closing-price').textContent())
  const stopLoss = Math.round(bid * 0.8)
  const distance = Math.round(bid * 0.3)
  await levels.getByLabel('Stop loss').fill(String(stopLoss))
  await levels.getByLabel('Trailing stop').fill(String(distance))
  await levels.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Position modified')).toBeVisible()
  await expect(levels).toBeHidden()
  await expect(row.getByTestId('position-levels')).toHaveText(
    `TP — · SL ${price(stopLoss)} · TS ${price(distance)}`,
  )

  // Close 0.01 of the 0.02 lot: the rest keeps its row and its levels; the part is in the history.
  await row.getByRole('button', { name: /^Close / }).click()
  const confirm = page.getByRole('dialog', { name: 'Close position' })
  const volume = confirm.getByLabel('Volume (lots)')
  await expect(volume).toHaveValue('0.02')
  await volume.fill('0.01')
  await expect(confirm.getByText('Left open: 0.01 lots.')).toBeVisible()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Part of the position closed')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(row).toContainText('0.01 lot')
  await expect(row.getByTestId('position-levels')).toContainText(`SL ${price(stopLoss)}`)
  await expect(page.getByRole('tab', { name: 'ACTIVE POSITIONS (2)' })).toBeVisible()
  await page.getByRole('tab', { name: 'POSITIONS HISTORY' }).click()
  const history = page.locator('[data-testid^="history-row-"]')
  await expect(history).toHaveCount(1)
  await expect(history.first()).toContainText('BTC/USD')
  await expect(history.first()).toContainText('0.01 lot')

  // Close all stands beside the open positions only: both of them, the chart asset's alone offered beside them.
  await expect(page.getByRole('button', { name: 'Close all' })).toHaveCount(0)
  await page.getByRole('tab', { name: 'ACTIVE POSITIONS (2)' }).click()
  await page.getByRole('button', { name: 'Close all' }).click()
  const closeAll = page.getByRole('dialog', { name: 'Close all positions' })
  await expect(closeAll.getByRole('radio', { name: 'All positions (2)' })).toBeChecked()
  await expect(closeAll.getByRole('radio', { name: 'BTC/USD positions (1)' })).toBeVisible()
  await closeAll.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('2 positions closed')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'ACTIVE POSITIONS (0)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close all' })).toHaveCount(0)
  await page.getByRole('tab', { name: 'POSITIONS HISTORY' }).click()
  await expect(history).toHaveCount(3)
  await expect(page.getByTestId(`history-row-${bitcoin}`)).toBeVisible()
  await expect(page.getByTestId(`history-row-${ether}`)).toBeVisible()
})
