// The site settings form (decision 0017): every setting labelled, the contract's validation under each field before
// anything is sent, a live preview of the maintenance screen, a question before the site goes down for every
// customer, only what changed on the wire, and the server's 422 messages under their fields.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { SiteSettings } from '../../../src/domain/contract/site'
import { SiteSettingsForm } from '../../../src/features/back-office/components/site-settings-form'
import { expectNoA11yViolations } from '../components/test-utils'
import { fakeApi, json, renderWithApp } from './requests-settings-harness'
import { SITE_SETTINGS } from './site-settings-fixture'

const api = fakeApi()

/** Answers a save as the server does: the whole settings, the patch merged in (leverage class by class). */
function answerSave() {
  api.answers['PATCH /admin/settings'] = (request) => {
    const patch = request.body as Partial<SiteSettings>
    return json(200, {
      data: { ...SITE_SETTINGS, ...patch, leverage: { ...SITE_SETTINGS.leverage, ...patch.leverage } },
    })
  }
}

async function renderForm(settings: SiteSettings = SITE_SETTINGS) {
  const onSaved = vi.fn()
  const view = renderWithApp(() => <SiteSettingsForm settings={settings} onSaved={onSaved} />)
  await screen.findByRole('form', { name: 'Site settings' })
  return { ...view, onSaved }
}

const patches = () => api.sent.filter((request) => request.method === 'PATCH')

describe('the site settings form', { timeout: 30_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = await renderForm()
    await expectNoA11yViolations(container)
  })

  it('labels every setting the server accepts', async () => {
    await renderForm()
    for (const label of [
      /Site name/,
      /Contact e-mail/,
      /Maintenance message/,
      /Website/,
      /Terms link/,
      /Privacy link/,
      /Risk disclosure link/,
      /Help link/,
      /Header text/,
      /Footer text/,
      /^Logo address/,
      /Small logo address/,
      /Favicon address/,
      /^Crypto/,
      /^Stocks/,
      /^Indices/,
      /^Commodities/,
      /^Metals/,
      /^Forex/,
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Registration page' })).toBeInTheDocument()
    expect(
      screen.getByRole('switch', { name: 'New accounts wait for approval by the client management team' }),
    ).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Marketplace and Algo Trader list' })).toBeChecked()
  })

  it('shows each mistake under its field and sends nothing', async () => {
    await renderForm()
    await userEvent.clear(screen.getByLabelText(/Site name/))
    await userEvent.clear(screen.getByLabelText(/Contact e-mail/))
    await userEvent.type(screen.getByLabelText(/Contact e-mail/), 'support-at-example')
    await userEvent.clear(screen.getByLabelText(/Terms link/))
    await userEvent.type(screen.getByLabelText(/Terms link/), 'javascript:alert(1)')
    await userEvent.clear(screen.getByLabelText(/^Forex/))
    await userEvent.type(screen.getByLabelText(/^Forex/), '0')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Site name is required')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Must be an http(s) URL or a path starting with /')).toBeInTheDocument()
    expect(screen.getByText('Leverage must be above 0')).toBeInTheDocument()
    expect(screen.getByLabelText(/Site name/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^Forex/)).toHaveAccessibleDescription('Leverage must be above 0')
    expect(patches()).toEqual([])
  })

  it('previews the maintenance screen as the message is typed, with the standard sentence when blank', async () => {
    await renderForm()
    const preview = screen.getAllByTestId('maintenance-preview')[0]!
    expect(preview).toHaveTextContent('This site is currently unavailable. Please check back later.')
    expect(preview).toHaveTextContent(
      'If you need immediate assistance, please contact us at support@example.com',
    )
    await userEvent.type(screen.getByLabelText(/Maintenance message/), 'Back at 10:00 UTC.')
    expect(preview).toHaveTextContent('Back at 10:00 UTC.')
    expect(preview).not.toHaveTextContent('Please check back later.')
    await userEvent.clear(screen.getByLabelText(/Contact e-mail/))
    expect(preview).not.toHaveTextContent('If you need immediate assistance')
  })

  it('sends only what changed, without asking, and reports the save', async () => {
    answerSave()
    const { onSaved } = await renderForm()
    await userEvent.clear(screen.getByLabelText(/^Forex/))
    await userEvent.type(screen.getByLabelText(/^Forex/), '200')
    await userEvent.click(screen.getByRole('switch', { name: 'Marketplace and Algo Trader list' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(patches().map((request) => request.body)).toEqual([
      { has_marketplace: false, leverage: { forex: 200 } },
    ])
    expect(await screen.findByText('Site settings saved.')).toBeInTheDocument()
  })

  it('asks before disabling the site, and sends nothing when the admin cancels', async () => {
    answerSave()
    const { onSaved } = await renderForm()
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }))
    await userEvent.click(await screen.findByRole('option', { name: /^Disabled/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    const dialog = await screen.findByRole('dialog', { name: 'Disable the site?' })
    expect(dialog).toHaveTextContent('The site goes down for every customer')
    expect(within(dialog).getByTestId('maintenance-preview')).toHaveTextContent('Site Temporarily Disabled')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(patches()).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    const again = await screen.findByRole('dialog', { name: 'Disable the site?' })
    await userEvent.click(within(again).getByRole('button', { name: 'Disable the site' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(patches().map((request) => request.body)).toEqual([{ status: 'disabled' }])
  })

  it('does not ask when the site is already disabled', async () => {
    answerSave()
    const { onSaved } = await renderForm({ ...SITE_SETTINGS, status: 'disabled' })
    await userEvent.type(screen.getByLabelText(/Maintenance message/), 'Still upgrading.')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("puts the server's 422 messages under their fields", async () => {
    api.answers['PATCH /admin/settings'] = () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { 'leverage.forex': ['Too big: expected number to be <=1000'], website_url: ['Unreachable'] },
      })
    const { onSaved } = await renderForm()
    await userEvent.clear(screen.getByLabelText(/^Forex/))
    await userEvent.type(screen.getByLabelText(/^Forex/), '5000')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Too big: expected number to be <=1000')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Forex/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/Website/)).toHaveAccessibleDescription('Unreachable')
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('says so when nothing changed, and sends nothing', async () => {
    await renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('No changes to save.')).toBeInTheDocument()
    expect(patches()).toEqual([])
  })
})
