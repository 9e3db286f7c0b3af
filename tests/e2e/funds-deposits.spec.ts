// The cashier's money in (decision 0019) in Chromium: a 4242 card deposit raises the balance of an open /mt4 tab
// without a reload, and a declined card says so; a crypto deposit page shows its QR code, and a transfer the back
// office simulates counts its confirmations up to 3/3 with the balance following live; a wire reaches its
// confirmation page and the admin's approval reaches it live. One server for the file (the worker's shared one: its
// sandbox chain counts a confirmation every 2 s), a fresh customer per test.
import type { Page } from '@playwright/test'
import { test, expect, signedInContext } from './support/fixtures'
import { activeCustomer, adminToken } from './support/api'
import { apiLogin } from './support/server'

// In order, so the file starts one server.
test.describe.configure({ mode: 'default' })

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''))
const workspaceBalance = async (page: Page) =>
  dollars(await page.getByTestId('summary-balance').textContent())
const cashierBalance = async (page: Page) => dollars(await page.getByTestId('deposit-balance').textContent())

async function api<T>(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function payByCard(page: Page, number: string) {
  // An expiry three years ahead is always in the future.
  const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry').fill(`12/${year}`)
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Grace Hopper')
  await page.getByLabel('Amount').fill('250')
  await page.getByRole('button', { name: 'Deposit' }).click()
}

test('a 4242 card deposit raises the open /mt4 balance without a reload; a declined card says so', async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'card')
  const context = await signedInContext(newContext, sharedServer.url, customer)
  const workspace = await context.newPage()
  await workspace.goto(`${sharedServer.url}/mt4`)
  await expect(workspace.getByTestId('summary-balance')).toBeVisible()
  const before = await workspaceBalance(workspace)

  const cashier = await context.newPage()
  await cashier.goto(`${sharedServer.url}/main/deposit/card`)
  await payByCard(cashier, '4242 4242 4242 4242')
  await expect(cashier.getByText('Your deposit was successful.')).toBeVisible()
  await expect(cashier.getByTestId('deposit-balance')).toHaveText(/\d/)
  await expect.poll(() => cashierBalance(cashier)).toBe(before + 250)

  // The workspace in the other tab follows user.updated: same document, new balance.
  await expect.poll(() => workspaceBalance(workspace)).toBe(before + 250)
  expect(await workspace.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)

  await cashier.getByRole('button', { name: 'Make another deposit' }).click()
  await payByCard(cashier, '4000 0000 0000 0002')
  await expect(cashier.getByText('Your card was declined.')).toBeVisible()
  // Declined: nothing moved.
  expect(await cashierBalance(cashier)).toBe(before + 250)
})

test('a crypto deposit shows its QR code; a simulated transfer counts 3 confirmations up and the balance follows', async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'crypto')
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/main/deposit`)
  // docs/product/site-and-gates.md#routes: /main/deposit opens the crypto deposit.
  await expect(page).toHaveURL(/\/main\/deposit\/bitcoin$/)
  await expect(page.getByRole('img', { name: 'QR code of your BTC address on Bitcoin' })).toBeVisible()
  const address = (await page.getByTestId('deposit-address').textContent()) ?? ''
  expect(address).toMatch(/^bc1q[a-z0-9]{38,58}$/)
  await expect(page.getByTestId('deposit-qr-code')).toHaveAttribute('data-value', address)
  await expect(page.getByText('Send only BTC on Bitcoin to this address.')).toBeVisible()
  const before = await cashierBalance(page)

  // The back office's "Simulate incoming transfer", through its API.
  await api(
    sharedServer.url,
    await adminToken(sharedServer.url),
    'POST',
    `/admin/users/${customer.id}/crypto-transfers`,
    {
      coin: 'bitcoin',
      network: 'bitcoin',
      coin_amount: '0.01',
    },
  )
  const transfer = page.getByTestId('incoming-transfer').first()
  const confirmations = transfer.getByTestId('confirmations')
  // Counted up live, one confirmation at a time, not only the end state.
  await expect(confirmations).toHaveText(/^[12]\/3$/)
  await expect(confirmations).toHaveText('3/3')
  await expect(transfer.getByTestId('status-chip')).toHaveAttribute('data-status', 'completed')

  const token = await apiLogin(sharedServer.url, customer)
  const deposits = await api<{ data: { amount: number; status: string }[] }>(
    sharedServer.url,
    token,
    'GET',
    '/funds/deposits',
  )
  const credited = deposits.data[0]?.amount ?? 0
  expect(credited).toBeGreaterThan(0)
  await expect.poll(() => cashierBalance(page)).toBeCloseTo(before + credited, 2)
})

test('a wire deposit reaches the confirmation page; the admin approves it and the balance follows live', async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'wire')
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/main/deposit/wire`)
  const reference = (await page.getByTestId('wire-reference').textContent()) ?? ''
  expect(reference).toMatch(/^WIRE-/)
  await expect(page.getByTestId('detail-iban')).toBeVisible()
  const before = await cashierBalance(page)

  await page.getByLabel('Amount').fill('1500')
  await page.getByRole('button', { name: 'I have sent the transfer' }).click()
  await expect(page).toHaveURL(/\/main\/deposit\/wire-confirmation\?deposit=\d+$/)
  const confirmation = page.getByTestId('wire-confirmation')
  await expect(confirmation.getByRole('heading', { name: 'Wire transfer recorded' })).toBeVisible()
  await expect(confirmation.getByText(reference)).toBeVisible()
  await expect(confirmation.getByTestId('status-chip')).toHaveAttribute('data-status', 'pending')
  const depositId = Number(new URL(page.url()).searchParams.get('deposit'))

  await api(
    sharedServer.url,
    await adminToken(sharedServer.url),
    'POST',
    `/admin/requests/deposit/${depositId}/decision`,
    {
      decision: 'approve',
    },
  )
  await expect(confirmation.getByTestId('status-chip')).toHaveAttribute('data-status', 'completed')
  await expect(confirmation.getByText('Your transfer has arrived.')).toBeVisible()
  await expect.poll(() => cashierBalance(page)).toBe(before + 1500)
  // "Ask about this" opens the support chat with the reference in the composer.
  await confirmation.getByRole('link', { name: /Ask about this/ }).click()
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(`Question about ${reference}: `)
})
