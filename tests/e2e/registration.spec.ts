// docs/product/registration.md#register-page-variants, #sign-up-start-page, #country-of-residence-step,
// #full-registration-form and #flow (Registration flow), 5 and 8: the sign-up journeys through the real server, at
// desktop and phone widths. Service workers are blocked: these tests are about the pages and the API, and a worker
// would answer /settings from its cache after a settings change.
import type { Page } from '@playwright/test'
import { test, expect, expectLoginPage } from './support/fixtures'
import { apiLogin, DEMO_ADMIN, DEMO_CUSTOMER, patchSettings } from './support/server'

const RISK_WARNING =
  'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.'
const PENDING_SUCCESS = 'awaiting approval from the Client Management Team'

let counter = 0
/** An email and a username no other test (or earlier run on a reused server) has taken. */
function newApplicant(tag: string) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { email: `${tag}-${id}@example.com`, username: `u${id}`, password: 'Secret123!' }
}

async function useStartPage(url: string) {
  const token = await apiLogin(url, DEMO_ADMIN)
  await patchSettings(url, token, { r_page: 'ic' })
}

async function fillStartPage(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
}

async function fillNamesAndPhone(page: Page, username: string) {
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Phone').fill('5551234')
}

const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const

for (const layout of LAYOUTS) {
  test.describe(`sign-up at ${layout.name} width`, () => {
    test.use({ viewport: layout.viewport, serviceWorkers: 'block' })

    test('the ic journey: start page, email check, country step, full form, then sign-in with a toast', async ({
      page,
      ownServer,
    }) => {
      await useStartPage(ownServer.url)
      const applicant = newApplicant('ic')
      await page.goto(`${ownServer.url}/signup`)

      await expect(
        page.getByRole('heading', { name: 'Live Trading Account Application', level: 1 }),
      ).toBeVisible()
      await expect(page.getByText(RISK_WARNING)).toBeVisible()
      await expect(page.getByText('Rated 5 out of 5 from 1,196 reviews')).toBeAttached()
      await expect(page.getByRole('button', { name: /^Language: English/ })).toHaveText('EN')
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        layout.phone ? '/?type=basic' : '/',
      )
      for (const link of ['Terms', 'Privacy', 'Risk Disclosure', 'Help Center']) {
        await expect(
          page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: link }),
        ).toBeVisible()
      }
      if (layout.phone) {
        await page.getByRole('button', { name: 'Dismiss risk warning' }).click()
        await expect(page.getByText(RISK_WARNING)).toBeHidden()
        await page.getByRole('button', { name: 'Show risk warning' }).click()
        await expect(page.getByText(RISK_WARNING)).toBeVisible()
      }

      // Hold the email check so the busy label can be seen.
      let releaseCheck: () => void = () => {}
      const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve))
      await page.route('**/api/v1/auth/check-email', async (route) => {
        await checkHeld
        await route.continue()
      })
      await fillStartPage(page, applicant.email, applicant.password)
      await page.getByRole('button', { name: 'Create Your Account' }).click()
      await expect(page.getByRole('button', { name: 'Checking email availability...' })).toBeDisabled()
      releaseCheck()

      await expect(
        page.getByText('Email verified successfully! Please continue with registration.'),
      ).toBeVisible()
      await expect(page).toHaveURL(`${ownServer.url}/register/country-residence`)
      for (const step of ['Set Up', 'Financial Profile', 'ID Check']) {
        await expect(page.getByRole('navigation', { name: 'Application progress' })).toContainText(step)
      }
      await expect(page.getByText(/onboarded with a regulated UK broker entity/)).toBeVisible()
      await expect(page.getByText(RISK_WARNING)).toBeVisible()
      // The server guessed US from the browser's language: both default to it.
      await expect(page.getByRole('combobox', { name: 'Country of Residence' })).toContainText(
        'United States',
      )
      await expect(page.getByRole('combobox', { name: 'Nationality' })).toContainText('United States')
      await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled()

      await page.getByRole('combobox', { name: 'Nationality' }).click()
      await page.getByRole('option', { name: 'United Kingdom' }).click()
      await expect(page.getByRole('combobox', { name: 'Nationality' })).toContainText('United Kingdom')
      await page.getByText('I agree to the Privacy Policy and I am over 18.').click()
      await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled()
      await page.getByRole('button', { name: 'Continue' }).click()

      await expect(page).toHaveURL(`${ownServer.url}/register`)
      await expect(page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible()
      await expect(page.getByText(/We already have your email address, country and password/)).toBeVisible()
      await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0)
      await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0)
      await expect(page.getByLabel('Country code')).toHaveValue('+1')
      await fillNamesAndPhone(page, applicant.username)
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click()

      await expect(page.getByText(PENDING_SUCCESS)).toBeVisible()
      await expect(page).toHaveURL(`${ownServer.url}/`)
      await expectLoginPage(page)
      // The account exists with the start page's password.
      expect(await apiLogin(ownServer.url, applicant)).toBeTruthy()
      // The draft went with the success: the form is not reachable again without a new application.
      await page.goto(`${ownServer.url}/register`)
      await expect(page.getByText('Please complete the registration process first')).toBeVisible()
    })

    test('the basic journey: /signup shows the full form, registration goes to /', async ({
      page,
      sharedServer,
    }) => {
      const applicant = newApplicant('basic')
      await page.goto(`${sharedServer.url}/signup`)
      await expect(page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible()
      await expect(page.getByText(RISK_WARNING)).toBeVisible()
      await fillNamesAndPhone(page, applicant.username)
      await page.getByLabel('Email', { exact: true }).fill(applicant.email)
      await page.getByRole('combobox', { name: 'Country' }).click()
      await expect(page.getByRole('option')).toHaveCount(5)
      // Flags are SVG files, not emoji (decision 0022: empty boxes on desktops without an emoji font): each one
      // loads.
      const flags = page.getByRole('listbox').getByTestId('country-flag')
      await expect(flags).toHaveCount(5)
      await expect
        .poll(() =>
          flags.evaluateAll(
            (images) =>
              images.filter(
                (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
              ).length,
          ),
        )
        .toBe(5)
      await page.getByRole('option', { name: 'Canada' }).click()
      await page.getByLabel('Password', { exact: true }).fill(applicant.password)
      await page.getByLabel('Confirm password').fill(applicant.password)
      await page.getByRole('button', { name: 'Show password' }).first().click()
      await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click()

      await expect(page.getByText(PENDING_SUCCESS)).toBeVisible()
      await expect(page).toHaveURL(`${sharedServer.url}/`)
      await expectLoginPage(page)
      expect(await apiLogin(sharedServer.url, applicant)).toBeTruthy()
    })

    test('every sign-up validation message (docs/product/registration.md#validation) shows for its bad input', async ({
      page,
      ownServer,
    }) => {
      await useStartPage(ownServer.url)
      await page.goto(`${ownServer.url}/signup`)

      // Start page: email and password.
      await fillStartPage(page, 'not-an-email', '1234567')
      await page.getByRole('button', { name: 'Create Your Account' }).click()
      await expect(page.getByText('Please enter a valid email address')).toBeVisible()
      await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
      await expect(page).toHaveURL(`${ownServer.url}/signup`)

      // Setup step, keyboard only: pressing the (aria-)disabled Continue explains itself.
      const applicant = newApplicant('rules')
      await fillStartPage(page, applicant.email, applicant.password)
      await page.getByLabel('Password', { exact: true }).press('Enter')
      await expect(page).toHaveURL(`${ownServer.url}/register/country-residence`)
      await page.getByRole('button', { name: 'Continue' }).focus()
      await page.keyboard.press('Enter')
      await expect(page.getByText('Please agree to the Privacy Policy', { exact: true })).toBeVisible()
      await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy and I am over 18.' }).focus()
      await page.keyboard.press('Space')
      await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
      await page.keyboard.press('Enter')

      // Full form (fields the draft does not know).
      await expect(page).toHaveURL(`${ownServer.url}/register`)
      await page.getByLabel('First name').fill('A')
      await page.getByLabel('Last name').fill('L')
      await page.getByLabel('Username').fill('ab')
      await page.getByLabel('Phone').fill('12345')
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click()
      for (const message of [
        'First name must be at least 2 characters',
        'Last name must be at least 2 characters',
        'Username must be at least 3 characters',
        'Please enter a valid phone number',
      ]) {
        await expect(page.getByText(message)).toBeVisible()
      }
      await expect(page).toHaveURL(`${ownServer.url}/register`)

      // The full form of the basic page: its own email and passwords.
      await patchSettings(ownServer.url, await apiLogin(ownServer.url, DEMO_ADMIN), { r_page: 'basic' })
      await page.goto(`${ownServer.url}/signup`)
      await expect(page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible()
      await page.getByLabel('Email', { exact: true }).fill('nope')
      await page.getByLabel('Password', { exact: true }).fill('1234567')
      await page.getByLabel('Confirm password').fill('7654321')
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click()
      await expect(page.getByText('Please enter a valid email address')).toBeVisible()
      await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
      await expect(page.getByText('Passwords do not match')).toBeVisible()
    })

    test("an address already registered gets 'Email is already registered'", async ({ page, ownServer }) => {
      await useStartPage(ownServer.url)
      await page.goto(`${ownServer.url}/signup`)
      await fillStartPage(page, DEMO_CUSTOMER.email, 'Secret123!')
      await page.getByRole('button', { name: 'Create Your Account' }).click()
      await expect(page.getByText('Email is already registered')).toBeVisible()
      await expect(page).toHaveURL(`${ownServer.url}/signup`)
    })

    test("the register screens without a draft say 'Please complete the registration process first' and go to /signup", async ({
      page,
      sharedServer,
    }) => {
      for (const path of ['/register', '/register/country-residence']) {
        await page.goto(`${sharedServer.url}${path}`)
        await expect(page.getByText('Please complete the registration process first')).toBeVisible()
        await expect(page).toHaveURL(`${sharedServer.url}/signup`)
      }
    })
  })
}
