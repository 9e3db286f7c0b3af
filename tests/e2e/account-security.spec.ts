// The account and security centre (decision 0020) in Chromium: two-factor sign-in from the shown secret; another
// device's /mt4 sent to / live when its session is signed out from settings; a verification document rejected with
// a reason the customer sees live, then approved; the light theme on the workspace and an account screen; the
// connection test with the server up and with the network cut; a password reset finished from the outbox.
import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { test, expect, signedInContext, signInThroughForm } from './support/fixtures'
import { activeCustomer, adminToken } from './support/api'

// Each test walks several screens in two browsers; on a loaded 2-core machine the splash alone can take 20 s.
test.describe.configure({ timeout: 240_000 })
const FIRST_PAINT = { timeout: 60_000 }

/** Opens `path` and waits past the splash for the page's own heading. */
async function open(page: Page, url: string, heading: string) {
  await page.goto(url)
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible(FIRST_PAINT)
}

/** The code an authenticator app would show for `secret`, `offsetSeconds` from now. */
function totpCode(secret: string, offsetSeconds = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 })
}

async function adminCall<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await adminToken(baseUrl)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Decides the customer's pending verification document through the back office's API. */
async function decideVerification(
  baseUrl: string,
  userId: number,
  decision: 'approve' | 'reject',
  reason?: string,
) {
  const pending = await adminCall<{ data: { id: number; user_id: number }[] }>(
    baseUrl,
    'GET',
    '/admin/requests?type=verification&status=pending',
  )
  const request = pending.data.find((row) => row.user_id === userId)
  if (!request) throw new Error(`no pending verification for user ${userId}`)
  await adminCall(baseUrl, 'POST', `/admin/requests/verification/${request.id}/decision`, {
    decision,
    ...(reason ? { reason } : {}),
  })
}

// A real PNG (1x1): the server checks a file by its first bytes, not its name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

async function uploadIdentityFront(page: Page) {
  const card = page.getByTestId('document-identity')
  await card.getByLabel('File').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG })
  await card.getByRole('button', { name: 'Upload' }).click()
  await expect(card.getByTestId('document-status')).toHaveText('In review')
}

test('two-factor sign-in: turned on from the shown secret, then asked for at the next sign-in', async ({
  page,
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'totp')
  const settings = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await open(settings, `${sharedServer.url}/main/settings`, 'Settings')
  await expect(settings.getByRole('heading', { name: 'Two-factor' })).toBeVisible()
  await settings.getByRole('button', { name: 'Turn on two-factor' }).click()

  const dialog = settings.getByRole('dialog', { name: 'Turn on two-factor sign-in' })
  await expect(dialog.getByRole('img', { name: 'QR code of the two-factor secret' })).toBeVisible()
  const secret = (await dialog.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]+=*$/)
  await dialog.getByLabel('Authentication code').fill(totpCode(secret))
  await dialog.getByRole('button', { name: 'Turn on' }).click()
  await expect(dialog.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await dialog.getByRole('button', { name: 'I have saved my codes' }).click()
  await expect(settings.getByTestId('two-factor-status')).toHaveText('On')
  await settings.getByRole('button', { name: 'Logout' }).click()
  await expect(settings).toHaveURL(`${sharedServer.url}/`)

  await open(page, sharedServer.url, 'Sign in')
  await signInThroughForm(page, customer.email, customer.password)
  const code = page.getByLabel('Authentication code')
  await expect(code).toBeVisible()
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible()
  // The code that turned it on was spent; the app's next one (within the accepted window) signs in.
  await code.fill(totpCode(secret, 30))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/main(\/dashboard)?$/)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible(FIRST_PAINT)
})

test("signing out another session from settings sends that device's open /mt4 to / without a reload", async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'sessions')
  const other = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await other.goto(`${sharedServer.url}/mt4`)
  await expect(other.getByTestId('summary-balance')).toBeVisible(FIRST_PAINT)
  // Survives only if the page is never reloaded.
  await other.evaluate(() => Object.assign(window, { __sameDocument: true }))

  const settings = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await open(settings, `${sharedServer.url}/main/settings`, 'Settings')
  await expect(settings.getByRole('heading', { name: 'Sessions' })).toBeVisible()
  const rows = settings.getByTestId('session-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1)
  await rows.filter({ hasNotText: 'This device' }).getByRole('button', { name: 'Sign out' }).click()
  await expect(rows).toHaveCount(1)

  await expect(other).toHaveURL(`${sharedServer.url}/`)
  await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  expect(await other.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  // This device is still signed in.
  await settings.reload()
  await expect(settings.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible(FIRST_PAINT)
})

test('an identity document rejected with a reason shows it live; uploaded again, it is approved', async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'kyc')
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await open(page, `${sharedServer.url}/main/verification`, 'Verification')
  await expect(page.getByRole('heading', { name: 'Verification levels' })).toBeVisible()

  // Refused in the browser before any upload: the wrong type.
  const card = page.getByTestId('document-identity')
  await card
    .getByLabel('File')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') })
  await expect(card.getByText(/This file type is not accepted/)).toBeVisible()

  await uploadIdentityFront(page)
  await decideVerification(sharedServer.url, customer.id, 'reject', 'The photo is too blurred to read.')
  await expect(card.getByTestId('document-status')).toHaveText('Rejected')
  await expect(card.getByTestId('rejection-reason')).toHaveText('The photo is too blurred to read.')
  await expect(card.getByText('What to do:')).toBeVisible()

  await uploadIdentityFront(page)
  await decideVerification(sharedServer.url, customer.id, 'approve')
  await expect(card.getByTestId('document-status')).toHaveText('Approved')
})

test('the light theme applies to the workspace and an account screen, and stays', async ({
  sharedServer,
  newContext,
}, testInfo) => {
  const customer = await activeCustomer(sharedServer.url, 'theme')
  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await open(page, `${sharedServer.url}/main/settings`, 'Settings')
  await page.getByRole('group', { name: 'Theme' }).getByText('Light', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(await background()).toBe('rgb(242, 244, 247)')

  await page.goto(`${sharedServer.url}/mt4`)
  await expect(page.getByTestId('summary-balance')).toBeVisible(FIRST_PAINT)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await testInfo.attach('workspace-light', { body: await page.screenshot(), contentType: 'image/png' })

  await open(page, `${sharedServer.url}/main/accounts`, 'Account details')
  expect(await background()).toBe('rgb(242, 244, 247)')
  await testInfo.attach('accounts-light', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
})

test('the connection test reports with the server up, and each check says what failed with the network cut', async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'doctor')
  const context = await signedInContext(newContext, sharedServer.url, customer)
  const page = await context.newPage()
  await open(page, `${sharedServer.url}/main/test`, 'Connection test')
  await page.getByRole('button', { name: 'Run test' }).click()
  for (const check of ['hub', 'api', 'offline']) {
    await expect(page.getByTestId(`check-${check}`)).toHaveAttribute('data-status', /ok|warn/)
  }
  await expect(page.getByTestId('check-hub')).toContainText('SharedWorker')
  await expect(page.getByTestId('check-api')).toContainText('round trip')
  // A slow ping (over 1 s) is a warning, not a failure: either way it is connected.
  await expect(page.getByTestId('check-push')).toHaveAttribute('data-status', /ok|warn/)
  await expect(page.getByTestId('check-push')).toContainText('Connected, ping')
  await page.getByRole('button', { name: 'Send to support' }).click()
  await expect(page.getByText('The report was sent to support.')).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Run test' }).click()
  await expect(page.getByTestId('check-api')).toHaveAttribute('data-status', 'fail')
  await expect(page.getByTestId('check-api')).toContainText('No answer from the server')
  // The checks that need no network still answer.
  await expect(page.getByTestId('check-storage')).toHaveAttribute('data-status', /ok|info/)
  await expect(page.getByTestId('check-hub')).toHaveAttribute('data-status', 'ok')
  await expect(page.getByText('Some checks failed')).toBeVisible()
  await context.setOffline(false)
})

test('a password reset is finished from the link in the outbox', async ({ page, sharedServer }) => {
  const customer = await activeCustomer(sharedServer.url, 'reset')
  await open(page, `${sharedServer.url}/forgot-password`, 'Reset your password')
  await page.getByLabel('Email address').fill(customer.email)
  await page.getByRole('button', { name: 'Send reset instructions' }).click()
  await expect(page.getByText('Check your inbox')).toBeVisible()

  const outbox = await adminCall<{ data: { id: number; to: string; kind: string }[] }>(
    sharedServer.url,
    'GET',
    '/admin/outbox',
  )
  const mail = outbox.data.find((row) => row.to === customer.email && row.kind === 'password_reset')
  if (!mail) throw new Error('no reset mail in the outbox')
  const full = await adminCall<{ data: { text: string } }>(
    sharedServer.url,
    'GET',
    `/admin/outbox/${mail.id}`,
  )
  const link = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(full.data.text)?.[0]
  if (!link) throw new Error(`no reset link in: ${full.data.text}`)

  await open(page, `${sharedServer.url}${link}`, 'Choose a new password')
  await page.getByLabel('New password', { exact: true }).fill('Short1')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('Renewed-Secret-1')
  await page.getByLabel('Confirm new password').fill('Renewed-Secret-1')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page).toHaveURL(`${sharedServer.url}/`)
  await expect(page.getByText(/Your password was reset/)).toBeVisible()

  await signInThroughForm(page, customer.email, 'Renewed-Secret-1')
  await expect(page).toHaveURL(/\/main(\/dashboard)?$/, FIRST_PAINT)
})
