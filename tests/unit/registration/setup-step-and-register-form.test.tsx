import 'fake-indexeddb/auto'
// The setup step (docs/product/registration.md#country-of-residence-step) and the full form
// (docs/product/registration.md#full-registration-form) with the draft in fake IndexedDB: the missing-draft rule, the
// defaults, the privacy rule, hidden fields, draft values winning, server errors under their fields.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../../src/components/ui/toaster'
import { createDraft, type RegistrationDraft } from '../../../src/domain/registration/draft'
import { CountryResidencePage, FullRegistrationPage, RegisterPage } from '../../../src/features/registration'
import { closeDatabase, DB_NAME, readRegistrationDraft, saveRegistrationDraft } from '../../../src/lib/db'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'
import { json, renderPage, SETTINGS, setViewport } from './harness'

const USER = {
  id: 9,
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  avatar: null,
  account_id: 'ACC-9',
  role: 'customer',
  status: 'pending',
  is_online: false,
  unread_count: 0,
  balance: 0,
  credit_balance: 0,
  notifications: [],
  accounts: [],
  account_type: null,
  autotrader: false,
  autotrader_request_status: null,
  eas: [],
}

let requests: { url: string; body: unknown }[]
let answer: () => Promise<Response>

const draft = (extra: Partial<RegistrationDraft> = {}): RegistrationDraft => ({
  ...createDraft({ email: 'ada@example.com', password: 'Secret123!', country: 'united-kingdom' }, new Date()),
  ...extra,
})

beforeEach(async () => {
  closeDatabase()
  await Dexie.delete(DB_NAME)
  setViewport(false)
  vi.spyOn(console, 'error').mockImplementation(() => {})
  requests = []
  configureHttp({
    getBaseUrl: () => 'http://localhost/api/v1',
    fetch: (async (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(String(init.body)) })
      return answer()
    }) as unknown as typeof fetch,
  })
})
afterEach(() => {
  act(() => toast.dismiss())
  resetHttpConfig()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderSetupStep() {
  const onContinue = vi.fn()
  const onMissingDraft = vi.fn()
  const view = renderPage(
    () => (
      <CountryResidencePage settings={SETTINGS} onContinue={onContinue} onMissingDraft={onMissingDraft} />
    ),
    '/register/country-residence',
  )
  return { ...view, onContinue, onMissingDraft }
}

function renderRegister() {
  const onRegistered = vi.fn()
  const onMissingDraft = vi.fn()
  const view = renderPage(
    () => <RegisterPage settings={SETTINGS} onRegistered={onRegistered} onMissingDraft={onMissingDraft} />,
    '/register',
  )
  return { ...view, onRegistered, onMissingDraft }
}

describe('the setup step', () => {
  it("without a draft says 'Please complete the registration process first' and leaves", async () => {
    const { onMissingDraft, onContinue } = renderSetupStep()
    expect(await screen.findByText('Please complete the registration process first')).toBeInTheDocument()
    expect(onMissingDraft).toHaveBeenCalledOnce()
    expect(onContinue).not.toHaveBeenCalled()
  })

  it('has no accessibility violations and shows the steps, notice and risk banner', async () => {
    await saveRegistrationDraft(draft())
    const { container } = renderSetupStep()
    await screen.findByRole('heading', { name: 'Country of residence' })
    await expectNoA11yViolations(container)
    expect(screen.getByText('Set Up').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(screen.getByText('Financial Profile')).toBeInTheDocument()
    expect(screen.getByText('ID Check')).toBeInTheDocument()
    expect(screen.getByText(/onboarded with a regulated UK broker entity/)).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Risk warning' })).toBeInTheDocument()
  })

  it('defaults both dropdowns to the stored country', async () => {
    await saveRegistrationDraft(draft())
    renderSetupStep()
    expect(await screen.findByRole('combobox', { name: 'Country of Residence' })).toHaveTextContent(
      'United Kingdom',
    )
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveTextContent('United Kingdom')
  })

  it("defaults to United States for the spec's 'united_states'", async () => {
    await saveRegistrationDraft(draft({ country: 'united_states' }))
    renderSetupStep()
    expect(await screen.findByRole('combobox', { name: 'Country of Residence' })).toHaveTextContent(
      'United States',
    )
  })

  it('keeps Continue disabled until the box is ticked, then stores the step and goes on', async () => {
    await saveRegistrationDraft(draft())
    const { onContinue } = renderSetupStep()
    const continueButton = await screen.findByRole('button', { name: 'Continue' })
    expect(continueButton).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(continueButton)
    expect(await screen.findByText('Please agree to the Privacy Policy')).toBeInTheDocument()
    expect(onContinue).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('combobox', { name: 'Nationality' }))
    await userEvent.click(await screen.findByRole('option', { name: /Nigeria/ }))
    await userEvent.click(screen.getByText('I agree to the Privacy Policy and I am over 18.'))
    expect(continueButton).not.toHaveAttribute('aria-disabled')
    await userEvent.click(continueButton)

    await waitFor(() => expect(onContinue).toHaveBeenCalledOnce())
    expect(await readRegistrationDraft(new Date())).toMatchObject({
      country: 'united-kingdom',
      countryOfResidence: 'united-kingdom',
      nationality: 'nigeria',
      agreePrivacy: true,
    })
  })
})

describe('the full form at /register', () => {
  it("without a draft says 'Please complete the registration process first' and leaves", async () => {
    const { onMissingDraft } = renderRegister()
    expect(await screen.findByText('Please complete the registration process first')).toBeInTheDocument()
    expect(onMissingDraft).toHaveBeenCalledOnce()
  })

  it('treats a draft older than 24 hours as missing', async () => {
    await saveRegistrationDraft(draft({ timestamp: new Date(Date.now() - 25 * 3600_000).toISOString() }))
    const { onMissingDraft } = renderRegister()
    await waitFor(() => expect(onMissingDraft).toHaveBeenCalledOnce())
  })

  it('hides what the draft knows, notes it, sends the draft values and finishes', async () => {
    await saveRegistrationDraft(
      draft({ countryOfResidence: 'canada', nationality: 'nigeria', agreePrivacy: true }),
    )
    let release: (response: Response) => void = () => {}
    answer = () => new Promise((resolve) => (release = resolve))
    const { container, onRegistered } = renderRegister()
    await screen.findByRole('heading', { name: 'CREATE A NEW ACCOUNT' })
    await expectNoA11yViolations(container)
    expect(screen.getByText(/We already have your email address, country and password/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Email')).toBeNull()
    expect(screen.queryByLabelText('Password')).toBeNull()
    expect(screen.queryByLabelText('Confirm password')).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull()
    expect(screen.getByLabelText('Country code')).toHaveValue('+1')
    expect(screen.getByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('button', { name: 'I have a promo-code' })).toHaveAttribute('type', 'button')

    await userEvent.type(screen.getByLabelText('First name'), 'Ada')
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace')
    await userEvent.type(screen.getByLabelText('Username'), 'ada')
    await userEvent.type(screen.getByLabelText('Phone'), '5551234')
    await userEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }))

    expect(await screen.findByRole('button', { name: /Creating account\.\.\./ })).toBeDisabled()
    expect(requests).toEqual([
      {
        url: 'http://localhost/api/v1/auth/register',
        body: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          username: 'ada',
          email: 'ada@example.com',
          phone: '5551234',
          country_code: '+1',
          country: 'canada',
          nationality: 'nigeria',
          password: 'Secret123!',
          confirm_password: 'Secret123!',
        },
      },
    ])
    act(() => release(json(201, { message: 'Registration successful', data: { user: USER } })))
    expect(await screen.findByText(/awaiting approval from the Client Management Team/)).toBeInTheDocument()
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce())
    expect(await readRegistrationDraft(new Date())).toBeNull()
  })

  it('shows a 409 as a toast and under the field it concerns', async () => {
    await saveRegistrationDraft(draft())
    answer = async () =>
      json(409, { message: 'Username is already taken', errors: { username: ['Username is already taken'] } })
    const { onRegistered } = renderRegister()
    await userEvent.type(await screen.findByLabelText('First name'), 'Ada')
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace')
    await userEvent.type(screen.getByLabelText('Username'), 'demo')
    await userEvent.type(screen.getByLabelText('Phone'), '5551234')
    await userEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }))
    await waitFor(() => expect(screen.getAllByText('Username is already taken')).toHaveLength(2))
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Username')).toHaveFocus()
    expect(onRegistered).not.toHaveBeenCalled()
    expect(await readRegistrationDraft(new Date())).not.toBeNull()
  })

  it("says 'Registration failed. Please try again.' when the server gives no message", async () => {
    await saveRegistrationDraft(draft())
    answer = async () => new Response('', { status: 500 })
    renderRegister()
    await userEvent.type(await screen.findByLabelText('First name'), 'Ada')
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace')
    await userEvent.type(screen.getByLabelText('Username'), 'ada')
    await userEvent.type(screen.getByLabelText('Phone'), '5551234')
    await userEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }))
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument()
  })
})

describe('the full form on /signup (basic)', () => {
  it('works without a draft: every field shows, each rule has its message, nationality is the country', async () => {
    answer = async () =>
      json(201, { message: 'Registration successful', data: { user: { ...USER, status: 'active' } } })
    const onRegistered = vi.fn()
    const { container } = renderPage(
      () => <FullRegistrationPage settings={SETTINGS} onRegistered={onRegistered} />,
      '/signup',
    )
    await screen.findByRole('heading', { name: 'CREATE A NEW ACCOUNT' })
    await expectNoA11yViolations(container)
    expect(screen.queryByText(/We already have/)).toBeNull()

    await userEvent.type(screen.getByLabelText('First name'), 'A')
    await userEvent.type(screen.getByLabelText('Last name'), 'L')
    await userEvent.type(screen.getByLabelText('Username'), 'ab')
    await userEvent.type(screen.getByLabelText('Email'), 'nope')
    await userEvent.type(screen.getByLabelText('Phone'), '12345')
    await userEvent.type(screen.getByLabelText('Password'), '1234567')
    await userEvent.type(screen.getByLabelText('Confirm password'), '7654321')
    await userEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }))
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Password must be at least 8 characters',
      'Passwords do not match',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(requests).toEqual([])

    const type = async (label: string, text: string) => {
      await userEvent.clear(screen.getByLabelText(label))
      await userEvent.type(screen.getByLabelText(label), text)
    }
    await type('First name', 'Ada')
    await type('Last name', 'Lovelace')
    await type('Username', 'ada')
    await type('Email', 'ada@example.com')
    await type('Phone', '5551234')
    await type('Password', 'Secret123!')
    await type('Confirm password', 'Secret123!')
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }))
    expect(await screen.findAllByRole('option')).toHaveLength(5)
    await userEvent.click(screen.getByRole('option', { name: /Australia/ }))
    await userEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }))
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce())
    expect(requests[0]?.body).toMatchObject({
      country: 'australia',
      nationality: 'australia',
      email: 'ada@example.com',
    })
    expect(await screen.findByText('Your account has been created. You can now sign in.')).toBeInTheDocument()
  })
})
