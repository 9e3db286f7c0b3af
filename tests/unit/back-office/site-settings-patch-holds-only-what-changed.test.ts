// The site settings form's rules (decision 0017): the contract's own validation, blank meaning "not set", a PATCH
// body holding only what the admin changed (so the audit row names exactly that), a question before the site goes
// down, and each server 422 message placed under its field.
import { describe, expect, it } from 'vitest'
import {
  registerPageOptions,
  SiteSettingsFormSchema,
  siteSettingsFieldOf,
  siteSettingsFormValues,
  siteSettingsPatch,
  takesSiteDown,
  type SiteSettingsFormValues,
} from '../../../src/domain/back-office/site-settings-form'
import { SiteSettingsPatchSchema } from '../../../src/domain/contract/admin-settings'
import { SITE_SETTINGS } from './site-settings-fixture'

const values = (changes: Partial<SiteSettingsFormValues> = {}): SiteSettingsFormValues => ({
  ...siteSettingsFormValues(SITE_SETTINGS),
  ...changes,
})

/** The first message per field: what the form shows under it. */
const errorsOf = (input: SiteSettingsFormValues) => {
  const result = SiteSettingsFormSchema.safeParse(input)
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message
  return errors
}

describe('the site settings form', () => {
  it('starts from the settings as the server has them, blanks for unset ones', () => {
    const start = siteSettingsFormValues(SITE_SETTINGS)
    expect(start).toMatchObject({
      name: 'CFD Trader',
      status: 'active',
      maintenanceMessage: '',
      website_url: '',
    })
    expect(start.leverage.forex).toBe('100')
  })

  it('sends nothing when nothing changed', () => {
    expect(siteSettingsPatch(SiteSettingsFormSchema.parse(values()), SITE_SETTINGS)).toBeNull()
  })

  it('sends only the changed settings and leverage classes, a blank as null, and the server accepts it', () => {
    const next = SiteSettingsFormSchema.parse(
      values({
        status: 'disabled',
        maintenanceMessage: '  Back at 10:00 UTC.  ',
        contactEmail: '',
        leverage: { ...values().leverage, forex: '200' },
      }),
    )
    const patch = siteSettingsPatch(next, SITE_SETTINGS)
    expect(patch).toEqual({
      status: 'disabled',
      maintenanceMessage: 'Back at 10:00 UTC.',
      contactEmail: null,
      leverage: { forex: 200 },
    })
    expect(SiteSettingsPatchSchema.safeParse(patch).success).toBe(true)
  })

  it("refuses what the server refuses, with the contract's sentences", () => {
    expect(
      errorsOf(
        values({
          name: '  ',
          contactEmail: 'not-an-email',
          terms_url: 'javascript:alert(1)',
          leverage: { ...values().leverage, cryptos: 'ten', metals: '0', forex: '' },
        }),
      ),
    ).toEqual({
      name: 'Site name is required',
      contactEmail: 'Please enter a valid email address',
      terms_url: 'Must be an http(s) URL or a path starting with /',
      'leverage.cryptos': 'Leverage must be a number, e.g. 100',
      'leverage.metals': 'Leverage must be above 0',
      'leverage.forex': 'Enter a leverage, e.g. 100',
    })
  })

  it('asks first only when a save takes an open site down', () => {
    expect(takesSiteDown({ status: 'active' }, { status: 'disabled' })).toBe(true)
    expect(takesSiteDown({ status: 'disabled' }, { status: 'disabled' })).toBe(false)
    expect(takesSiteDown({ status: 'disabled' }, { status: 'active' })).toBe(false)
  })

  it('puts a server 422 message under its field, and nowhere when there is no such field', () => {
    expect(siteSettingsFieldOf('contactEmail')).toBe('contactEmail')
    expect(siteSettingsFieldOf('leverage.forex')).toBe('leverage.forex')
    expect(siteSettingsFieldOf('leverage.bonds')).toBeNull()
    expect(siteSettingsFieldOf('body')).toBeNull()
    expect(siteSettingsFieldOf('name.first')).toBeNull()
  })

  it('offers the three register pages, and keeps a stored value outside them', () => {
    expect(registerPageOptions('basic').map((option) => option.value)).toEqual(['basic', 'ic', 'td'])
    expect(registerPageOptions('legacy').map((option) => option.value)).toEqual([
      'basic',
      'ic',
      'td',
      'legacy',
    ])
  })
})
