// The cashier's money out (decision 0019) in Chromium: a withdrawal reserves its funds at once and a cancel releases
// them; an approval and a payout marked sent from the back office reach the customer's open withdrawal page
// without a reload; money moves into savings and back; the statement CSV downloads with its header row. One
// server for the file, a fresh funded customer per test.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { test, expect, signedInContext } from './support/fixtures'
import { activeCustomer, adjustBalance, adminToken, verifyIdentity } from './support/api'
import { apiLogin, DEMO_ADMIN } from './support/server'

// The tests share the worker's server; in order, so the file starts one.
test.describe.configure({ mode: 'default' })

/** Active, at verification level 2 (withdrawals need it) and funded. */
async function fundedCustomer(baseUrl: string, tag: string, amount = '1000') {
  const customer = await activeCustomer(baseUrl, tag)
  await verifyIdentity(baseUrl, customer)
  await adjustBalance(baseUrl, customer.id, amount)
  return customer
}

const withdrawable = (page: Page) => page.getByTestId('withdrawable-now')
const breakdownRow = (page: Page, key: string) => page.getByTestId(`withdrawable-row-${key}`)

async function requestBankWithdrawal(page: Page, amount: string) {
  await page.getByRole('radio', { name: 'Bank account' }).check()
  await page.getByLabel('Account holder').fill('Grace Hopper')
  await page.getByLabel('Bank name').fill('Example Bank')
  await page.getByLabel('IBAN or account number').fill('GB33BUKB20201555555555')
  await page.getByLabel('Amount (USD)').fill(amount)
  await page.getByRole('button', { name: 'Request withdrawal' }).click()
}

test('a withdrawal reserves its funds at once, and cancelling it releases them', async ({
  sharedServer,
  newContext,
}) => {
  const customer = await fundedCustomer(sharedServer.url, 'wd-cancel')
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/main/withdrawal`)
  await expect(withdrawable(page)).toHaveText('$1,000.00')

  // More than there is: refused with the reason, nothing reserved.
  await page.getByLabel('Amount (USD)').fill('1500')
  await page.getByRole('button', { name: 'Request withdrawal' }).click()
  await expect(page.getByText('You can withdraw at most $1,000.00 now.')).toBeVisible()

  await requestBankWithdrawal(page, '250')
  const item = page.getByTestId('withdrawal-item').first()
  await expect(item.getByTestId('status-chip')).toHaveText('In review')
  await expect(withdrawable(page)).toHaveText('$750.00')
  await expect(breakdownRow(page, 'balance')).toContainText('$750.00')
  await expect(breakdownRow(page, 'reserved')).toContainText('$250.00')

  await item.getByRole('button', { name: 'Cancel' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this withdrawal?' })
  await dialog.getByRole('button', { name: 'Cancel withdrawal' }).click()
  await expect(dialog).toBeHidden()
  await expect(item.getByTestId('status-chip')).toHaveText('Cancelled')
  await expect(withdrawable(page)).toHaveText('$1,000.00')
  await expect(breakdownRow(page, 'reserved')).toContainText('$0.00')
})

test("an approval and a payout marked sent reach the customer's open page live", async ({
  sharedServer,
  newContext,
}) => {
  const customer = await fundedCustomer(sharedServer.url, 'wd-sent')
  const token = await apiLogin(sharedServer.url, customer)
  const created = await fetch(`${sharedServer.url}/api/v1/funds/withdrawals`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `e2e-${Date.now()}`,
    },
    body: JSON.stringify({
      method: 'bank',
      amount: '120',
      bank: { holder: 'Grace Hopper', iban: 'GB33BUKB20201555555555', bic: '', bank_name: 'Example Bank' },
    }),
  })
  expect(created.status).toBe(201)
  const { data: withdrawal } = (await created.json()) as { data: { id: number; reference: string } }

  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/main/withdrawal`)
  const item = page.getByTestId('withdrawal-item').filter({ hasText: withdrawal.reference })
  await expect(item.getByTestId('status-chip')).toHaveText('In review')

  const approved = await fetch(
    `${sharedServer.url}/api/v1/admin/requests/withdrawal/${withdrawal.id}/decision`,
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await adminToken(sharedServer.url)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ decision: 'approve' }),
    },
  )
  expect(approved.ok).toBe(true)
  await expect(item.getByTestId('status-chip')).toHaveText('Approved')
  await expect(item.getByRole('button', { name: 'Cancel' })).toHaveCount(0)

  // The admin pays it out from the request queue.
  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/requests?status=approved&type=withdrawal`)
  const row = admin.getByTestId('request-row').filter({ hasText: withdrawal.reference })
  await row.getByRole('button', { name: 'Mark sent' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Mark withdrawal sent' })
  await dialog.getByLabel('Payout reference').fill('PAYOUT-7781')
  await dialog.getByRole('button', { name: 'Mark sent' }).click()
  await expect(dialog).toBeHidden()
  await expect(row.getByRole('button', { name: 'Mark sent' })).toHaveCount(0)

  await expect(item.getByTestId('status-chip')).toHaveText('Sent')
  await expect(item.getByTestId('payout-reference')).toHaveText('Payout reference PAYOUT-7781')
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
})

test('savings: money moves in and back out', async ({ sharedServer, newContext }) => {
  const customer = await fundedCustomer(sharedServer.url, 'savings')
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/main/savings`)
  await expect(page.getByTestId('savings-balance')).toContainText('$0.00')
  await expect(page.getByTestId('savings-available')).toContainText('$1,000.00')

  await page.getByRole('button', { name: 'Move to savings' }).click()
  let dialog = page.getByRole('dialog', { name: 'Move to savings' })
  await dialog.getByLabel('Amount (USD)').fill('300')
  await dialog.getByRole('button', { name: 'Move to savings' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('savings-balance')).toContainText('$300.00')
  await expect(page.getByTestId('savings-available')).toContainText('$700.00')

  await page.getByRole('button', { name: 'Move to trading' }).click()
  dialog = page.getByRole('dialog', { name: 'Move to trading' })
  await dialog.getByRole('button', { name: 'Max' }).click()
  await dialog.getByRole('button', { name: 'Move to trading' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('savings-balance')).toContainText('$0.00')
  await expect(page.getByTestId('savings-available')).toContainText('$1,000.00')
})

test('the statement CSV downloads with its header row', async ({ sharedServer, newContext }) => {
  const customer = await fundedCustomer(sharedServer.url, 'csv', '500')
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/main/transactions`)
  await expect(page.getByTestId('transaction-row').first()).toBeVisible()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('statement-all.csv')
  const text = await readFile(await download.path(), 'utf8')
  const [header, ...rows] = text.trim().split(/\r?\n/)
  expect(header).toMatch(/^date,/)
  expect(rows.length).toBeGreaterThan(0)
})
