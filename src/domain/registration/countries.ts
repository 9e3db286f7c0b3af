// The sign-up country lists (docs/product/registration.md#countries): the 45 countries of the setup step, the five of
// the full form, and the map from the email check's two-letter code to a list slug. Pure data and lookups.

/**
 * Where a country's flag is served: an SVG file per listed country (scripts/vite-country-flags.ts). Emoji flags
 * drew as empty boxes on desktops without an emoji font (decision 0022).
 */
export const FLAG_PATH_PREFIX = '/flags'
export const flagUrl = (code: string) => `${FLAG_PATH_PREFIX}/${code.toUpperCase()}.svg`

// [slug, label, ISO 3166-1 alpha-2 code], kept in label order (the spec sorts the list by label).
const COUNTRY_ROWS = [
  ['argentina', 'Argentina', 'AR'],
  ['australia', 'Australia', 'AU'],
  ['austria', 'Austria', 'AT'],
  ['belgium', 'Belgium', 'BE'],
  ['brazil', 'Brazil', 'BR'],
  ['canada', 'Canada', 'CA'],
  ['chile', 'Chile', 'CL'],
  ['china', 'China', 'CN'],
  ['colombia', 'Colombia', 'CO'],
  ['czech-republic', 'Czech Republic', 'CZ'],
  ['denmark', 'Denmark', 'DK'],
  ['egypt', 'Egypt', 'EG'],
  ['finland', 'Finland', 'FI'],
  ['france', 'France', 'FR'],
  ['germany', 'Germany', 'DE'],
  ['ghana', 'Ghana', 'GH'],
  ['greece', 'Greece', 'GR'],
  ['hong-kong', 'Hong Kong', 'HK'],
  ['india', 'India', 'IN'],
  ['indonesia', 'Indonesia', 'ID'],
  ['ireland', 'Ireland', 'IE'],
  ['israel', 'Israel', 'IL'],
  ['italy', 'Italy', 'IT'],
  ['japan', 'Japan', 'JP'],
  ['kenya', 'Kenya', 'KE'],
  ['malaysia', 'Malaysia', 'MY'],
  ['mexico', 'Mexico', 'MX'],
  ['netherlands', 'Netherlands', 'NL'],
  ['new-zealand', 'New Zealand', 'NZ'],
  ['nigeria', 'Nigeria', 'NG'],
  ['norway', 'Norway', 'NO'],
  ['philippines', 'Philippines', 'PH'],
  ['poland', 'Poland', 'PL'],
  ['portugal', 'Portugal', 'PT'],
  ['saudi-arabia', 'Saudi Arabia', 'SA'],
  ['singapore', 'Singapore', 'SG'],
  ['south-africa', 'South Africa', 'ZA'],
  ['south-korea', 'South Korea', 'KR'],
  ['spain', 'Spain', 'ES'],
  ['sweden', 'Sweden', 'SE'],
  ['switzerland', 'Switzerland', 'CH'],
  ['thailand', 'Thailand', 'TH'],
  ['united-arab-emirates', 'United Arab Emirates', 'AE'],
  ['united-kingdom', 'United Kingdom', 'GB'],
  ['united-states', 'United States', 'US'],
] as const

export type CountrySlug = (typeof COUNTRY_ROWS)[number][0]

export interface Country {
  /** Kebab-case slug: the value stored in the draft and sent as `country` / `nationality`. */
  value: CountrySlug
  label: string
  /** The flag's SVG file (flagUrl). */
  flag: string
  /** ISO 3166-1 alpha-2. */
  code: string
}

export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map(([value, label, code]) => ({
  value,
  label,
  code,
  flag: flagUrl(code),
}))

const BY_SLUG = new Map<string, Country>(COUNTRIES.map((country) => [country.value, country]))

export function findCountry(slug: string | null | undefined): Country | undefined {
  return slug ? BY_SLUG.get(slug) : undefined
}

export const isCountrySlug = (value: string | null | undefined): value is CountrySlug =>
  findCountry(value) !== undefined

/**
 * docs/product/registration.md#country-of-residence-step and #countries: residence and nationality default to
 * united-states when nothing better is known.
 */
export const DEFAULT_COUNTRY_SLUG: CountrySlug = 'united-states'

/** docs/product/api.md#calls: the email check's `data.country` defaults to US. */
export const DEFAULT_COUNTRY_CODE = 'US'

/**
 * docs/product/registration.md#countries: "an unknown code maps to united_states (with underscore, unlike the list
 * slugs)". Kept exactly as the spec says, although it is no slug of the list: the setup step therefore falls back to
 * DEFAULT_COUNTRY_SLUG for it (see `countryChoice`), and a customer who skips that step registers with this value.
 */
export const UNKNOWN_COUNTRY_CODE_SLUG = 'united_states'

/** Two-letter code -> list slug. 'UK' is not ISO but common enough in geolocation headers to accept. */
export const COUNTRY_CODE_TO_SLUG: Readonly<Record<string, CountrySlug>> = {
  ...Object.fromEntries(COUNTRIES.map((country) => [country.code, country.value])),
  UK: 'united-kingdom',
}

/**
 * The email check's two-letter code as a slug: missing -> US's slug, unknown -> 'united_states'
 * (docs/product/registration.md#countries).
 */
export function countrySlugFromCode(code: string | null | undefined): string {
  const normalised = (code ?? '').trim().toUpperCase() || DEFAULT_COUNTRY_CODE
  return COUNTRY_CODE_TO_SLUG[normalised] ?? UNKNOWN_COUNTRY_CODE_SLUG
}

/**
 * A stored country as a choice of the 45-country list: itself when listed, else united-states
 * (docs/product/registration.md#country-of-residence-step).
 */
export function countryChoice(stored: string | null | undefined): CountrySlug {
  return isCountrySlug(stored) ? stored : DEFAULT_COUNTRY_SLUG
}

/**
 * docs/product/registration.md#full-registration-form and #countries: the full form offers five countries, in the
 * spec's order.
 */
export const FULL_FORM_COUNTRY_SLUGS = [
  'nigeria',
  'united-kingdom',
  'united-states',
  'canada',
  'australia',
] as const satisfies readonly CountrySlug[]

export const FULL_FORM_COUNTRIES: readonly Country[] = FULL_FORM_COUNTRY_SLUGS.map((slug) => {
  const country = BY_SLUG.get(slug)
  if (!country) throw new Error(`Full-form country ${slug} is missing from the list`)
  return country
})
