// docs/product/site-and-gates.md#full-screen-states (account gates), 4 (Session, Account gate), 6 and 7 (session
// expiry); forgot-password and auto-login.
import type { Page } from '@playwright/test'
import { test, expect, expectLoginPage, signInThroughForm } from './support/fixtures'
import { activeCustomer, newApplicant, registerCustomer } from './support/api'
import { apiLogin, DEMO_ADMIN, DEMO_CUSTOMER } from './support/server'

async function api<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

type UserRow = { id: number; email: string; status: string }

async function userIdByEmail(baseUrl: string, adminToken: string, email: string) {
  // Searched for: on the shared server the list holds other tests' customers too, and comes in pages.
  const { data } = await api<{ data: UserRow[] }>(
    baseUrl,
    `/admin/users?search=${encodeURIComponent(email)}&page=1`,
    { token: adminToken },
  )
  const user = data.find((row) => row.email === email)
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}

async function setStatus(baseUrl: string, adminToken: string, id: number, status: string) {
  await api(baseUrl, `/admin/users/${id}`, {
    method: 'PATCH',
    token: adminToken,
    // A deactivation needs a reason (decision 0017); it is harmless on the others.
    body: { status, reason: 'Set by an end-to-end test' },
  })
}

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user-storage') ?? '{"state":{}}').state.token ?? null)

test(
  'a new customer waits at Awaiting Approval until an admin approves',
  { tag: '@mobile' },
  async ({ page, sharedServer }) => {
    const email = `waiting-${Date.now()}@example.com`
    await api(sharedServer.url, '/auth/register', {
      method: 'POST',
      body: {
        first_name: 'Wendy',
        last_name: 'Waiting',
        username: `wendy${Date.now()}`,
        email,
        phone: '5550100200',
        country_code: '+1',
        country: 'united-states',
        nationality: 'united-states',
        password: 'Waiting123!',
        confirm_password: 'Waiting123!',
      },
    })

    await page.goto(sharedServer.url)
    await signInThroughForm(page, email, 'Waiting123!')
    await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible()
    await expect(
      page.getByText('Your account is awaiting approval from the Client Management Team'),
    ).toBeVisible()

    const adminToken = await apiLogin(sharedServer.url, DEMO_ADMIN)
    await setStatus(
      sharedServer.url,
      adminToken,
      await userIdByEmail(sharedServer.url, adminToken, email),
      'active',
    )
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  },
)

// A pending customer of the test's own (a sign-up waits for approval by default) rather than the demo customer set
// back to pending, so the test can run on the shared server.
test('Logout on Awaiting Approval clears the user and goes to /', async ({ page, sharedServer }) => {
  const applicant = newApplicant('awaiting-logout')
  await registerCustomer(sharedServer.url, applicant)
  await page.goto(sharedServer.url)
  await signInThroughForm(page, applicant.email, applicant.password)
  await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expectLoginPage(page)
  expect(await storedToken(page)).toBeNull()
})

test(
  'a deactivated customer sees Account Currently Disabled until support reactivates the account',
  { tag: '@mobile' },
  async ({ page, sharedServer }) => {
    // An active customer of the test's own, not the demo customer whom other tests of the worker sign in as.
    const customer = await activeCustomer(sharedServer.url, 'deactivated')
    const adminToken = await apiLogin(sharedServer.url, DEMO_ADMIN)
    await page.goto(sharedServer.url)
    await signInThroughForm(page, customer.email, customer.password)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

    await setStatus(sharedServer.url, adminToken, customer.id, 'deactivated')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Account Currently Disabled' })).toBeVisible()
    await expect(page.getByText('Your account is currently disabled, please contact support.')).toBeVisible()

    await page.getByRole('button', { name: 'Check Status' }).click()
    await expect(page.getByRole('heading', { name: 'Account Currently Disabled' })).toBeVisible()

    // Reactivation reaches the open page live (user.updated on the user's channel): no reload, no click.
    await setStatus(sharedServer.url, adminToken, customer.id, 'active')
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  },
)

test(
  'an expired token sends the user to / with the session cleared, but not on public paths',
  { tag: '@mobile' },
  async ({ page, sharedServer }) => {
    await page.goto(sharedServer.url)
    await signInThroughForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    const token = await storedToken(page)
    expect(token).toEqual(expect.any(String))
    // Leave the account area before the token goes: while it is open, the user is reloaded whenever the realtime
    // hub says so (its channels' confirmations among them), and a 401 there would rightly end the session.
    const userLoaded = page.waitForResponse((response) => response.url().endsWith('/api/v1/user'))
    await page.goto(`${sharedServer.url}/forgot-password`)
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    expect((await userLoaded).status()).toBe(200)

    // The server forgets the token (as at expiry): on a public path the session stays...
    await api(sharedServer.url, '/auth/logout', { method: 'POST', token, body: {} })
    // Only a request made after the logout counts: the page may have asked for the user just before it (the realtime
    // hub reloads the user on its confirmations), and that answer was rightly 200.
    const loggedOutAt = Date.now()
    const userAnswered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/user') && response.request().timing().startTime >= loggedOutAt,
    )
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    expect((await userAnswered).status()).toBe(401)
    expect(await storedToken(page)).toBe(token)

    // ...and on a protected one the 401 clears it and sends the user to /.
    await page.goto(`${sharedServer.url}/main/settings`)
    await expectLoginPage(page)
    await expect(page).toHaveURL(`${sharedServer.url}/`)
    expect(await storedToken(page)).toBeNull()
  },
)

test('every open tab follows a sign-in and a sign-out made in one of them', async ({
  context,
  sharedServer,
}) => {
  const tabA = await context.newPage()
  const tabB = await context.newPage()
  await tabA.goto(sharedServer.url)
  await tabB.goto(`${sharedServer.url}/login`)
  await expectLoginPage(tabB)

  await signInThroughForm(tabA, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  await expect(tabA.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(tabB).toHaveURL(/\/main\/dashboard$/)

  await tabB.goto(`${sharedServer.url}/main/accounts`)
  await tabA.getByRole('button', { name: 'Logout' }).click()
  await expectLoginPage(tabA)
  await expectLoginPage(tabB)
  await expect(tabB).toHaveURL(`${sharedServer.url}/`)
})

test('forgot password answers the same neutral message for any address', async ({ page, sharedServer }) => {
  for (const email of [DEMO_CUSTOMER.email, 'nobody-here@example.com']) {
    await page.goto(`${sharedServer.url}/forgot-password`)
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Send reset instructions' }).click()
    await expect(
      page.getByText(
        'If an account exists for this email address, we have sent instructions to reset the password.',
      ),
    ).toBeVisible()
  }
  await page.goto(`${sharedServer.url}/forgot-password`)
  await page.getByLabel('Email address').fill('not-an-email')
  await page.getByRole('button', { name: 'Send reset instructions' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
})

test('a one-time sign-in link signs its holder in once', async ({ page, sharedServer }) => {
  const adminToken = await apiLogin(sharedServer.url, DEMO_ADMIN)
  const demoId = await userIdByEmail(sharedServer.url, adminToken, DEMO_CUSTOMER.email)
  const { data } = await api<{ data: { url: string } }>(
    sharedServer.url,
    `/admin/users/${demoId}/login-link`,
    {
      method: 'POST',
      token: adminToken,
      body: {},
    },
  )
  await page.goto(`${sharedServer.url}${data.url}`)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expectLoginPage(page)
  await page.goto(`${sharedServer.url}${data.url}`)
  await expect(page.getByText('This sign-in link is invalid or has already been used.')).toBeVisible()
  await page.goto(`${sharedServer.url}/auto-login`)
  await expect(page.getByText('This sign-in link is invalid or has already been used.')).toBeVisible()
})
