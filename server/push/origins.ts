// Where pushes may go (decision 0037). A push endpoint is a URL the browser hands us and the server then POSTs to:
// without a list it would be a door into the server's own network (SSRF). By default only the browsers' push
// services are allowed, over https; WEB_PUSH_ALLOWED_ORIGINS replaces the list (tests point it at a local
// receiver). An entry may start its host with `*.` for a service that spreads over subdomains (WNS).

/**
 * The push services of the browsers that support Web Push: Chrome, Opera and Samsung Internet (Firebase Cloud
 * Messaging), Firefox (Mozilla autopush), Safari (Apple) and Edge (Windows Push Notification Services, one host per
 * region).
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const

interface OriginRule {
  host: string
  /** `*.example.com`: any subdomain, not the bare domain. */
  wildcard: boolean
  port: string
}

export interface AllowedOrigins {
  readonly list: readonly string[]
  allows(endpoint: string): boolean
}

/** Parses `https://host[:port]` entries; throws on one that is not an https origin (a start-up error). */
export function allowedOrigins(list: readonly string[] = DEFAULT_PUSH_SERVICE_ORIGINS): AllowedOrigins {
  const rules: OriginRule[] = list.map((entry) => {
    const wildcard = /^https:\/\/\*\./i.test(entry)
    let url: URL
    try {
      url = new URL(wildcard ? `https://${entry.slice('https://*.'.length)}` : entry)
    } catch {
      throw new Error(`WEB_PUSH_ALLOWED_ORIGINS: '${entry}' is not an origin`)
    }
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === ''
    if (url.protocol !== 'https:' || !bare)
      throw new Error(`WEB_PUSH_ALLOWED_ORIGINS: '${entry}' is not an https origin (https://host[:port])`)
    return { host: url.hostname, wildcard, port: url.port }
  })
  return {
    list,
    allows(endpoint) {
      let url: URL
      try {
        url = new URL(endpoint)
      } catch {
        return false
      }
      if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false
      return rules.some(
        (rule) =>
          rule.port === url.port &&
          (rule.wildcard ? url.hostname.endsWith(`.${rule.host}`) : url.hostname === rule.host),
      )
    },
  }
}

/** WEB_PUSH_ALLOWED_ORIGINS: comma-separated origins; unset or empty keeps the browsers' push services. */
export function allowedOriginsFromEnv(value: string | undefined): AllowedOrigins {
  const list = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return allowedOrigins(list.length > 0 ? list : DEFAULT_PUSH_SERVICE_ORIGINS)
}
