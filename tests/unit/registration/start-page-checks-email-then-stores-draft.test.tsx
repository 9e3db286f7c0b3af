import 'fake-indexeddb/auto'
// The sign-up start page (docs/product/registration.md#sign-up-start-page,
// docs/product/sign-in-and-security.md#session and docs/product/api.md#errors) against a stubbed network and fake
// IndexedDB.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../../src/components/ui/toaster'
import { SignUpStartPage, type StartPageVariant } from '../../../src/features/registration'
import { closeDatabase, DB_NAME, readRegistrationDraft } from '../../../src/lib/db'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'
import { json, renderPage, SETTINGS, setViewport } from './harness'

let answer: () => Promise<Response>

function renderStartPage(variant: StartPageVariant = 'ic') {
  const onStarted = vi.fn()
  const view = renderPage(
    () => <SignUpStartPage variant={variant} settings={SETTINGS} onStarted={onStarted} />,
    '/signup',
  )
  return { ...view, onStarted }
}

async function fillAndSubmit(
  email = 'new@example.com',
  password = 'Secret123!',
  label = 'Create Your Account',
) {
  await userEvent.type(screen.getByLabelText('Email address'), email)
  await userEvent.type(screen.getByLabelText('Password'), password)
  await userEvent.click(screen.getByRole('button', { name: label }))
}

beforeEach(async () => {
  closeDatabase()
  await Dexie.delete(DB_NAME)
  setViewport(false)
  vi.spyOn(console, 'error').mockImplementation(() => {})
  configureHttp({
    getBaseUrl: () => 'http://localhost/api/v1',
    fetch: (async () => answer()) as typeof fetch,
  })
})
afterEach(() => {
  act(() => toast.dismiss())
  resetHttpConfig()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the sign-up start page', () => {
  it('has no accessibility violations', async () => {
    const { container } = renderStartPage()
    await screen.findByRole('heading', { name: 'Live Trading Account Application', level: 1 })
    await expectNoA11yViolations(container)
  })

  it('shows the docs/product/registration.md#sign-up-start-page content with settings links, leaving out a link without a URL', async () => {
    renderStartPage()
    await screen.findByRole('heading', { name: 'Live Trading Account Application' })
    expect(screen.getByText('Fast account opening and instant funding')).toBeInTheDocument()
    expect(screen.getByText('Six asset classes and 2000+ products')).toBeInTheDocument()
    expect(screen.getByText('Zero commission this month')).toBeInTheDocument()
    expect(screen.getByText('Acme Markets Ltd is regulated.')).toBeInTheDocument()
    expect(screen.getByText('Rated 5 out of 5 from 1,196 reviews')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Language: English/ })).toHaveTextContent('EN')
    expect(screen.getByRole('link', { name: 'Acme Markets' })).toHaveAttribute('href', 'https://acme.example')
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }))
    expect(legal.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/legal/terms')
    expect(legal.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/legal/privacy')
    expect(legal.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help')
    expect(legal.queryByRole('link', { name: 'Risk Disclosure' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/')
    for (const provider of ['Google', 'Apple', 'Facebook']) {
      const button = screen.getByRole('button', { name: `Sign up with ${provider}` })
      expect(button).toHaveAttribute('type', 'button')
      expect(button).toHaveAttribute('aria-disabled', 'true')
    }
  })

  it("labels the submit 'Sign up now' on the td layout", async () => {
    renderStartPage('td')
    expect(await screen.findByRole('button', { name: 'Sign up now' })).toHaveAttribute('type', 'submit')
  })

  it('shows the messages of docs/product/registration.md#validation and sends nothing for a bad email and a short password', async () => {
    const fetchSpy = vi.fn(answer)
    answer = fetchSpy
    renderStartPage()
    await screen.findByLabelText('Email address')
    await fillAndSubmit('not-an-email', '1234567')
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it("reads 'Checking email availability...' while busy, then stores the draft and moves on", async () => {
    let release: (response: Response) => void = () => {}
    const requests: { url: string; body: unknown }[] = []
    configureHttp({
      fetch: (async (url: string, init: RequestInit) => {
        requests.push({ url, body: JSON.parse(String(init.body)) })
        return new Promise<Response>((resolve) => (release = resolve))
      }) as unknown as typeof fetch,
    })
    const { onStarted } = renderStartPage()
    await screen.findByLabelText('Email address')
    await fillAndSubmit()

    const busy = await screen.findByRole('button', { name: /Checking email availability\.\.\./ })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(requests).toEqual([
      { url: 'http://localhost/api/v1/auth/check-email', body: { email: 'new@example.com' } },
    ])

    act(() =>
      release(
        json(200, { success: true, message: 'Email is available', data: { available: true, country: 'GB' } }),
      ),
    )
    expect(
      await screen.findByText('Email verified successfully! Please continue with registration.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(onStarted).toHaveBeenCalledOnce())
    const draft = await readRegistrationDraft(new Date())
    expect(draft).toMatchObject({
      email: 'new@example.com',
      password: 'Secret123!',
      country: 'united-kingdom',
    })
    expect(Date.now() - Date.parse(draft?.timestamp ?? '')).toBeLessThan(60_000)
  })

  it("rejects a taken address with the server's message and stays", async () => {
    answer = async () =>
      json(200, {
        success: true,
        message: 'Email is already registered',
        data: { available: false, country: 'US' },
      })
    const { onStarted } = renderStartPage()
    await screen.findByLabelText('Email address')
    await fillAndSubmit('demo@example.com')
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument()
    expect(onStarted).not.toHaveBeenCalled()
    expect(await readRegistrationDraft(new Date())).toBeNull()
    expect(screen.getByRole('button', { name: 'Create Your Account' })).toBeEnabled()
  })

  it("says 'Failed to check email availability' when the call fails without a message", async () => {
    answer = async () => new Response('', { status: 500 })
    renderStartPage()
    await screen.findByLabelText('Email address')
    await fillAndSubmit()
    expect(await screen.findByText('Failed to check email availability')).toBeInTheDocument()
  })

  it('on a phone: sign-in goes to /?type=basic and the risk banner can be dismissed and shown again', async () => {
    setViewport(true)
    renderStartPage()
    await screen.findByRole('heading', { name: 'Live Trading Account Application' })
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/?type=basic')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss risk warning' }))
    expect(screen.queryByRole('complementary', { name: 'Risk warning' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Show risk warning' }))
    expect(screen.getByRole('complementary', { name: 'Risk warning' })).toBeInTheDocument()
  })
})
