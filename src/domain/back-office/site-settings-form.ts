// The site settings form (decision 0017): its fields as the inputs hold them (text, blank meaning "not set"),
// validated by the contract's own rules (SiteSettingsPatchSchema), and turned into the PATCH /admin/settings body
// holding only what changed. Also: whether a save takes the site down (it asks first), and where a server 422 message
// belongs.
import { z } from 'zod'
import {
  LeverageSettingSchema,
  SiteSettingsPatchSchema,
  type SiteSettingsPatch,
} from '../contract/admin-settings'
import {
  ASSET_CLASSES,
  R_PAGE,
  SITE_STATUS,
  type AssetClass,
  type LeverageMap,
  type SiteSettings,
} from '../contract/site'

const contract = SiteSettingsPatchSchema.shape
const TEXT_MAX = 2000
const URL_MAX = 2048

/** A text input whose blank means "not set" (null); ends trimmed, then the contract's rule for the field. */
function optionalText<T extends z.ZodType<unknown, string | null>>(rule: T, max: number) {
  return z
    .string()
    .max(max, `At most ${max} characters`)
    .transform((text) => (text.trim() === '' ? null : text.trim()))
    .pipe(rule)
}

const leverageField = z
  .string()
  .trim()
  .min(1, 'Enter a leverage, e.g. 100')
  .regex(/^\d+(\.\d+)?$/, 'Leverage must be a number, e.g. 100')
  .transform(Number)
  .pipe(LeverageSettingSchema)

export const SiteSettingsFormSchema = z.object({
  name: z.string().max(120, 'At most 120 characters').pipe(contract.name.unwrap()),
  status: contract.status.unwrap(),
  maintenanceMessage: optionalText(contract.maintenanceMessage.unwrap(), TEXT_MAX),
  contactEmail: optionalText(contract.contactEmail.unwrap(), 320),
  r_page: z.string().trim().min(1, 'Choose a registration page').max(20).pipe(contract.r_page.unwrap()),
  require_approval: z.boolean(),
  has_marketplace: z.boolean(),
  website_url: optionalText(contract.website_url.unwrap(), URL_MAX),
  terms_url: optionalText(contract.terms_url.unwrap(), URL_MAX),
  privacy_url: optionalText(contract.privacy_url.unwrap(), URL_MAX),
  risk_url: optionalText(contract.risk_url.unwrap(), URL_MAX),
  help_url: optionalText(contract.help_url.unwrap(), URL_MAX),
  logo: optionalText(contract.logo.unwrap(), URL_MAX),
  logo_sm: optionalText(contract.logo_sm.unwrap(), URL_MAX),
  favicon: optionalText(contract.favicon.unwrap(), URL_MAX),
  header_text: optionalText(contract.header_text.unwrap(), TEXT_MAX),
  footer_text: optionalText(contract.footer_text.unwrap(), TEXT_MAX),
  leverage: z.object({
    cryptos: leverageField,
    stocks: leverageField,
    indices: leverageField,
    commodities: leverageField,
    metals: leverageField,
    forex: leverageField,
  }),
})
/** What the inputs hold. */
export type SiteSettingsFormValues = z.input<typeof SiteSettingsFormSchema>
/** What the form's rules make of it. */
export type SiteSettingsFormOutput = z.output<typeof SiteSettingsFormSchema>
export type SiteSettingsFormField = keyof SiteSettingsFormValues | `leverage.${AssetClass}`

const text = (value: string | null | undefined) => value ?? ''

export function siteSettingsFormValues(settings: SiteSettings): SiteSettingsFormValues {
  const leverage = Object.fromEntries(
    ASSET_CLASSES.map((assetClass) => [assetClass, String(settings.leverage[assetClass])]),
  ) as Record<AssetClass, string>
  return {
    name: settings.name,
    status: settings.status === SITE_STATUS.DISABLED ? SITE_STATUS.DISABLED : SITE_STATUS.ACTIVE,
    maintenanceMessage: text(settings.maintenanceMessage),
    contactEmail: text(settings.contactEmail),
    r_page: settings.r_page,
    require_approval: settings.require_approval,
    has_marketplace: settings.has_marketplace,
    website_url: text(settings.website_url),
    terms_url: text(settings.terms_url),
    privacy_url: text(settings.privacy_url),
    risk_url: text(settings.risk_url),
    help_url: text(settings.help_url),
    logo: text(settings.logo),
    logo_sm: text(settings.logo_sm),
    favicon: text(settings.favicon),
    header_text: text(settings.header_text),
    footer_text: text(settings.footer_text),
    leverage,
  }
}

type PlainField = Exclude<keyof SiteSettingsFormOutput, 'leverage'>

/**
 * The PATCH body: only the settings that differ from the current ones (the audit row then names exactly what the
 * admin changed), leverage class by class; null when nothing changed.
 */
export function siteSettingsPatch(
  next: SiteSettingsFormOutput,
  current: SiteSettings,
): SiteSettingsPatch | null {
  const patch: Record<string, unknown> = {}
  for (const key of Object.keys(next) as (keyof SiteSettingsFormOutput)[]) {
    if (key === 'leverage') continue
    const field: PlainField = key
    if (next[field] !== (current[field] ?? null)) patch[field] = next[field]
  }
  const leverage: Partial<LeverageMap> = {}
  for (const assetClass of ASSET_CLASSES) {
    if (next.leverage[assetClass] !== current.leverage[assetClass])
      leverage[assetClass] = next.leverage[assetClass]
  }
  if (Object.keys(leverage).length > 0) patch.leverage = leverage
  if (Object.keys(patch).length === 0) return null
  return patch as SiteSettingsPatch
}

/** Saving this takes the site down for every customer: the form asks first. */
export function takesSiteDown(
  current: Pick<SiteSettings, 'status'>,
  next: Pick<SiteSettings, 'status'>,
): boolean {
  return current.status !== SITE_STATUS.DISABLED && next.status === SITE_STATUS.DISABLED
}

const FORM_FIELDS = new Set<string>(Object.keys(SiteSettingsFormSchema.shape))

/** Where a server 422 message goes: 'leverage.forex' and 'contactEmail' are fields; anything else is not. */
export function siteSettingsFieldOf(serverKey: string): SiteSettingsFormField | null {
  const [head, tail, ...rest] = serverKey.split('.')
  if (head === undefined || rest.length > 0) return null
  if (head === 'leverage') {
    return tail !== undefined && (ASSET_CLASSES as readonly string[]).includes(tail)
      ? (`leverage.${tail}` as SiteSettingsFormField)
      : null
  }
  return tail === undefined && FORM_FIELDS.has(head) ? (head as SiteSettingsFormField) : null
}

export const SITE_STATUS_OPTIONS = [
  { value: SITE_STATUS.ACTIVE, label: 'Active: the site is open' },
  { value: SITE_STATUS.DISABLED, label: 'Disabled: customers see the maintenance screen' },
] as const

/**
 * The register-page variants (docs/product/registration.md#register-page-variants); a stored value outside them is kept
 * and offered as it is.
 */
export function registerPageOptions(current: string): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [
    { value: R_PAGE.BASIC, label: 'Full registration form (basic)' },
    { value: R_PAGE.IC, label: 'E-mail and password start page (ic)' },
    { value: R_PAGE.TD, label: 'TD variant (td)' },
  ]
  if (current && !options.some((option) => option.value === current))
    options.push({ value: current, label: `${current} (shows the full form)` })
  return options
}

export const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  cryptos: 'Crypto',
  stocks: 'Stocks',
  indices: 'Indices',
  commodities: 'Commodities',
  metals: 'Metals',
  forex: 'Forex',
}
