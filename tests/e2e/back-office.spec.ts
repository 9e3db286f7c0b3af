// The back office (decision 0017) in Chromium, the admin and the customer side by side in two browser contexts: an
// approval releases the waiting customer's screen by itself, a deactivation reaches an open /mt4 within 2 s, a
// +500 adjustment reaches the workspace's bottom bar without a reload, the chat console's customer panel shows a
// position's P/L moving, each role lands where it belongs, and staff cancel a client's pending order with a reason
// that the order history and the audit trail then show (decision 0017), at desktop width and 390 px.
import type { Page } from '@playwright/test'
import { test, expect, signedInContext, signInThroughForm } from './support/fixtures'
import { activeCustomer, adjustBalance, newApplicant, openPosition, registerCustomer } from './support/api'
import { apiLogin, DEMO_ADMIN, DEMO_CUSTOMER } from './support/server'

/** The figure as the bottom bar shows it, in dollars ('$1,234.50' -> 1234.5). */
async function balanceShown(page: Page): Promise<number> {
  const text = (await page.getByTestId('summary-balance').textContent()) ?? ''
  return Number(text.replace(/[^0-9.-]/g, ''))
}

test("an admin's sign-in lands on /admin; a customer who opens /admin goes to /main @mobile", async ({
  page,
  sharedServer,
  newContext,
}) => {
  await page.goto(sharedServer.url)
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password)
  await expect(page).toHaveURL(`${sharedServer.url}/admin`)
  await expect(page.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible()
  for (const section of ['Clients', 'Requests', 'Chat', 'Settings', 'Audit']) {
    await expect(page.getByRole('link', { name: section, exact: false }).first()).toBeVisible()
  }

  const customer = await (await signedInContext(newContext, sharedServer.url, DEMO_CUSTOMER)).newPage()
  for (const path of ['/admin', '/admin/clients', '/admin/requests', '/admin/settings', '/admin/audit']) {
    await customer.goto(`${sharedServer.url}${path}`)
    await expect(customer).toHaveURL(/\/main(\/dashboard)?$/)
  }
  await expect(customer.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})

test('a visitor signs up and waits; the admin approves in Requests and the waiting screen releases into /main', async ({
  page,
  sharedServer,
  newContext,
}) => {
  const applicant = newApplicant('approve')
  await page.goto(`${sharedServer.url}/signup`)
  await page.getByLabel('First name').fill(applicant.first_name)
  await page.getByLabel('Last name').fill(applicant.last_name)
  await page.getByLabel('Username').fill(applicant.username)
  await page.getByLabel('Phone').fill('5551234')
  await page.getByLabel('Email', { exact: true }).fill(applicant.email)
  await page.getByRole('combobox', { name: 'Country' }).click()
  await page.getByRole('option', { name: 'Canada' }).click()
  await page.getByLabel('Password', { exact: true }).fill(applicant.password)
  await page.getByLabel('Confirm password').fill(applicant.password)
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click()
  await expect(page).toHaveURL(`${sharedServer.url}/`)
  await signInThroughForm(page, applicant.email, applicant.password)
  await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible()

  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/requests`)
  const row = admin.getByTestId('request-row').filter({ hasText: applicant.email })
  // The admin's first page: the console's chunks and the queue's first fetch. On a loaded CI machine (every test
  // in that run took 3-4 times its usual time) this once took longer than the default 15 s.
  await expect(row).toBeVisible({ timeout: 40_000 })
  await row.getByRole('button', { name: 'Approve' }).click()
  await expect(row).toBeHidden()

  // No click on the customer's side: the push on their user channel releases the gate.
  await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeHidden()
  await expect(page).toHaveURL(/\/main(\/dashboard)?$/)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})

test("a deactivation with a reason reaches the customer's open /mt4 within 2 s", async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'deactivate')
  const workspace = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await workspace.goto(`${sharedServer.url}/mt4`)
  await expect(workspace.getByTestId('summary-balance')).toBeVisible()

  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/clients/${customer.id}`)
  await admin.getByRole('button', { name: 'Deactivate', exact: true }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Deactivate account' }).click()
  // Without a reason nothing is sent.
  await expect(dialog.getByText('A reason is required.')).toBeVisible()
  await dialog.getByLabel('Reason').fill('Documents found to be forged')
  await dialog.getByRole('button', { name: 'Deactivate account' }).click()
  await expect(dialog).toBeHidden()

  await expect(workspace.getByRole('heading', { name: 'Account Currently Disabled' })).toBeVisible({
    timeout: 2_000,
  })
  await expect(admin.getByRole('button', { name: 'Reactivate' })).toBeVisible()
})

test("a +500 adjustment shows in the customer's /mt4 bottom bar without a reload", async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'adjust')
  const workspace = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await workspace.goto(`${sharedServer.url}/mt4`)
  await expect(workspace.getByTestId('summary-balance')).toBeVisible()
  const before = await balanceShown(workspace)

  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/clients/${customer.id}`)
  await admin.getByRole('button', { name: 'Adjust balance' }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByLabel('Amount').fill('500')
  await dialog.getByLabel('Reason').fill('Goodwill credit for a delayed wire')
  await expect(dialog.getByText('Balance after')).toBeVisible()
  await dialog.getByRole('button', { name: 'Apply adjustment' }).click()
  await expect(dialog).toBeHidden()

  await expect.poll(() => balanceShown(workspace)).toBe(before + 500)
  // The page was never reloaded: the same document still holds the workspace.
  expect(await workspace.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
})

test("the chat console's customer panel shows the customer's open position with its P/L moving", async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'panel')
  await adjustBalance(sharedServer.url, customer.id, '10000')
  const token = await apiLogin(sharedServer.url, customer)
  // Crypto trades every day of the week, and moves the most.
  await openPosition(sharedServer.url, token, 'BTCUSD', 'buy', 0.05)

  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/chat?user=${customer.id}`)
  const panel = admin
    .getByRole('complementary', { name: 'Customer details' })
    .or(admin.getByRole('region', { name: 'Customer details' }))
  await expect(panel.getByTestId('client-panel-position')).toHaveCount(1)
  const pnl = panel.getByTestId('client-panel-pnl')
  await expect(pnl).toHaveText(/\d/)
  const first = await pnl.textContent()
  await expect.poll(() => pnl.textContent(), { timeout: 20_000 }).not.toBe(first)
})

test('a customer registered through the API is listed as Pending in Clients and can be approved there', async ({
  sharedServer,
  newContext,
}) => {
  const applicant = newApplicant('clients')
  const id = await registerCustomer(sharedServer.url, applicant)
  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/clients`)
  await admin.getByRole('tab', { name: 'Pending' }).click()
  await admin.getByLabel('Search clients').fill(applicant.email)
  // The search is in the URL once the list has applied it.
  await expect(admin).toHaveURL(/search=/)
  await admin
    .getByRole('link', { name: new RegExp(applicant.last_name) })
    .first()
    .click()
  await expect(admin).toHaveURL(`${sharedServer.url}/admin/clients/${id}`)
  await admin.getByRole('button', { name: 'Approve' }).first().click()
  await expect(admin.getByRole('button', { name: 'Deactivate', exact: true })).toBeVisible()
})

test("disabling the site in Settings asks first, reaches an open customer tab live, and leaves the staff's console open", async ({
  ownServer,
  newContext,
}) => {
  const customer = await (await signedInContext(newContext, ownServer.url, DEMO_CUSTOMER)).newPage()
  await customer.goto(`${ownServer.url}/main/dashboard`)
  await expect(customer.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  const admin = await (await signedInContext(newContext, ownServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${ownServer.url}/admin/settings`)
  const message = 'Back at 18:00 UTC after the upgrade.'
  await admin.getByLabel('Maintenance message').fill(message)
  // The preview follows the typing.
  await expect(
    admin.getByTestId('maintenance-preview').filter({ visible: true }).getByText(message),
  ).toBeVisible()
  await admin.getByRole('combobox', { name: 'Status' }).click()
  await admin.getByRole('option', { name: /^Disabled/ }).click()
  await admin.getByRole('button', { name: 'Save changes' }).click()
  const confirm = admin.getByRole('dialog')
  await expect(confirm.getByRole('heading', { name: 'Disable the site?' })).toBeVisible()
  await confirm.getByRole('button', { name: 'Disable the site' }).click()
  await expect(confirm).toBeHidden()

  // The customer's open tab hears settings.updated on the site channel and shows the maintenance screen.
  await expect(customer.getByRole('heading', { name: 'Site Temporarily Disabled' })).toBeVisible()
  await expect(customer.getByTestId('maintenance-message')).toHaveText(message)
  // The admin still works, told what customers see; a reload keeps them in.
  await admin.reload()
  await expect(admin.getByText('The site is disabled: customers see the maintenance screen.')).toBeVisible()
  await admin.getByRole('combobox', { name: 'Status' }).click()
  await admin.getByRole('option', { name: /^Active/ }).click()
  await admin.getByRole('button', { name: 'Save changes' }).click()
  await expect(customer.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  // The change is in the audit log, by whom and what.
  await admin.goto(`${ownServer.url}/admin/audit`)
  await expect(admin.getByRole('cell', { name: /settings/i }).first()).toBeVisible()
})

test('a rejection with a reason reaches the customer at once, as a toast and a notification', async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'reject')
  const token = await apiLogin(sharedServer.url, customer)
  const filed = await fetch(`${sharedServer.url}/api/v1/update/autotrader`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ autotrader_type: 'high' }),
  })
  expect(filed.status).toBe(200)
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/main/dashboard`)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/requests`)
  const row = admin.getByTestId('request-row').filter({ hasText: customer.email })
  await row.getByRole('button', { name: 'Reject' }).click()
  const dialog = admin.getByRole('dialog')
  const reason = 'Please verify your identity before using automated trading.'
  await dialog.getByLabel('Reason').fill(reason)
  await dialog.getByRole('button', { name: 'Reject request' }).click()
  await expect(dialog).toBeHidden()

  await expect(page.getByText('Request rejected').first()).toBeVisible()
  await expect(page.getByText(`Your auto trader request was rejected: ${reason}`).first()).toBeVisible()
})

/** A buy limit far below the market (good till cancelled), placed as the workspace places one; its reference. */
async function placeBuyLimit(baseUrl: string, token: string, symbol: string, price: number): Promise<string> {
  const assets = (await (
    await fetch(`${baseUrl}/api/v1/assets`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { data: { id: number; symbol: string; contract_size: number }[] }
  const asset = assets.data.find((candidate) => candidate.symbol === symbol)
  if (!asset) throw new Error(`no asset ${symbol}`)
  const response = await fetch(`${baseUrl}/api/v1/orders`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    body: JSON.stringify({
      type: 'buy',
      order_type: 'limit',
      id: asset.id,
      volume: Number((0.1 * asset.contract_size).toFixed(6)),
      price,
    }),
  })
  if (response.status !== 201) throw new Error(`order ${symbol}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: { order_id: string } }).data.order_id
}

test("staff cancel a client's pending order with a reason; the order history and the audit trail show it @mobile", async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'orders')
  await adjustBalance(sharedServer.url, customer.id, '10000')
  const reference = await placeBuyLimit(
    sharedServer.url,
    await apiLogin(sharedServer.url, customer),
    'EURUSD',
    0.5,
  )

  const admin = await (await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)).newPage()
  await admin.goto(`${sharedServer.url}/admin/clients/${customer.id}`)
  const pending = admin.getByTestId('client-pending-orders')
  const row = pending.getByTestId('client-order').filter({ hasText: reference })
  await expect(row).toContainText('Buy limit')
  await expect(row).toContainText('Good till cancelled')
  await expect(admin.getByTestId('client-history-orders').getByText('No order history')).toBeVisible()
  // Nothing is wider than the screen: on a phone each order is a card of labelled lines.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  await row.getByRole('button', { name: 'Cancel' }).click()
  const dialog = admin.getByRole('dialog', { name: `Cancel order ${reference}?` })
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(dialog.getByText('A reason is required.')).toBeVisible()
  await dialog.getByLabel('Reason').fill('The client asked us to on the phone')
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(dialog).toBeHidden()

  await expect(pending.getByText('No pending orders')).toBeVisible()
  const ended = admin
    .getByTestId('client-history-orders')
    .getByTestId('client-order')
    .filter({ hasText: reference })
  await expect(ended).toContainText('Cancelled')
  await expect(ended).toContainText('By staff')
  const audited = admin.getByTestId('client-audit-event').filter({ hasText: 'Order cancelled' })
  await expect(audited).toContainText(reference)
  await expect(audited).toContainText('The client asked us to on the phone')
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
})
