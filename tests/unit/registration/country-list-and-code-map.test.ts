// docs/product/registration.md#countries: 45 countries sorted by label, kebab-case slugs, the five full-form
// countries, and the two-letter code map whose unknown codes become 'united_states' (underscore, exactly as the spec
// says).
import { describe, expect, it } from 'vitest'
import {
  COUNTRIES,
  countryChoice,
  countrySlugFromCode,
  COUNTRY_CODE_TO_SLUG,
  flagUrl,
  FULL_FORM_COUNTRIES,
  UNKNOWN_COUNTRY_CODE_SLUG,
} from '../../../src/domain/registration/countries'

describe('the 45-country list', () => {
  it('has 45 countries', () => {
    expect(COUNTRIES).toHaveLength(45)
  })

  it('is sorted by label', () => {
    const labels = COUNTRIES.map((country) => country.label)
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('has unique kebab-case slugs, labels and codes', () => {
    const slugs = COUNTRIES.map((country) => country.value)
    expect(new Set(slugs).size).toBe(45)
    expect(new Set(COUNTRIES.map((country) => country.label)).size).toBe(45)
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(45)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/)
  })

  it.each([
    'united-states',
    'united-kingdom',
    'new-zealand',
    'south-africa',
    'nigeria',
    'canada',
    'australia',
  ])('includes %s', (slug) => {
    expect(COUNTRIES.some((country) => country.value === slug)).toBe(true)
  })

  it('gives every country an SVG flag file named by its code', () => {
    expect(flagUrl('gb')).toBe('/flags/GB.svg')
    for (const country of COUNTRIES) expect(country.flag).toBe(flagUrl(country.code))
    expect(COUNTRIES.find((country) => country.value === 'united-states')?.flag).toBe('/flags/US.svg')
  })
})

describe('the full-form countries', () => {
  it('are Nigeria, United Kingdom, United States, Canada and Australia', () => {
    expect(FULL_FORM_COUNTRIES.map((country) => country.label)).toEqual([
      'Nigeria',
      'United Kingdom',
      'United States',
      'Canada',
      'Australia',
    ])
  })
})

describe('the code-to-slug map', () => {
  it.each([
    ['GB', 'united-kingdom'],
    ['US', 'united-states'],
    ['NZ', 'new-zealand'],
    ['ZA', 'south-africa'],
    ['NG', 'nigeria'],
    ['gb', 'united-kingdom'],
    [' ca ', 'canada'],
  ])('maps %s to %s', (code, slug) => {
    expect(countrySlugFromCode(code)).toBe(slug)
  })

  it("maps an unknown code such as 'ZZ' to 'united_states', with the spec's underscore", () => {
    expect(countrySlugFromCode('ZZ')).toBe('united_states')
    expect(UNKNOWN_COUNTRY_CODE_SLUG).toBe('united_states')
  })

  it('treats a missing code as the default US', () => {
    expect(countrySlugFromCode(undefined)).toBe('united-states')
    expect(countrySlugFromCode('')).toBe('united-states')
  })

  it('covers every listed country', () => {
    for (const country of COUNTRIES) expect(COUNTRY_CODE_TO_SLUG[country.code]).toBe(country.value)
  })
})

describe('the setup step default', () => {
  it('keeps a listed slug and turns anything else into united-states', () => {
    expect(countryChoice('united-kingdom')).toBe('united-kingdom')
    expect(countryChoice('united_states')).toBe('united-states')
    expect(countryChoice(undefined)).toBe('united-states')
  })
})
