// The visitor's likely country, as a two-letter code, to preselect the country step of the sign-up
// (docs/product/api.md#calls, check-email: `data.country`, default US). A hint only: a forged header just preselects
// another country.
import type { IncomingHttpHeaders } from 'node:http'

export const DEFAULT_COUNTRY = 'US'

// Set by a CDN or reverse proxy that geolocates the client (Cloudflare's name first).
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const
// Cloudflare's placeholders: XX unknown, T1 Tor; EU is a region in some GeoIP data, not a country.
const NOT_COUNTRIES = new Set(['XX', 'T1', 'EU', 'ZZ'])

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function asCountry(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase()
  return code !== undefined && /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) ? code : undefined
}

/** The region of the most preferred language tag that has one: `fr;q=0.5, en-GB` -> GB, `zh-Hant-TW` -> TW. */
function regionFromAcceptLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined
  const tags = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag, quality: q === undefined ? 1 : Number(q), index }
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  for (const { tag } of tags) {
    // Subtags after the language: a 4-letter script may come first; a 3-digit region (es-419) is no country.
    const region = tag
      .split('-')
      .slice(1)
      .find((subtag) => /^[A-Za-z]{2}$/.test(subtag))
    const country = asCountry(region)
    if (country) return country
  }
  return undefined
}

export function requestCountry(headers: IncomingHttpHeaders): string {
  for (const name of COUNTRY_HEADERS) {
    const country = asCountry(firstValue(headers[name]))
    if (country) return country
  }
  return regionFromAcceptLanguage(firstValue(headers['accept-language'])) ?? DEFAULT_COUNTRY
}
