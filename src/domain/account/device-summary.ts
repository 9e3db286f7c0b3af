// What a user agent says, for people ('Chrome 124 on Windows 10'), and the new-device rule of the sign-in alert.
// Pure: bowser parses, nothing is fetched.
import Bowser from 'bowser'
import { DEVICE_TYPES, type DeviceSummary } from '../contract/sessions'

const MAX_USER_AGENT_CHARS = 512

/** The device behind a User-Agent header; 'Unknown device' when there is none or nothing can be read from it. */
export function summariseUserAgent(userAgent: string | null | undefined): DeviceSummary {
  if (!userAgent?.trim()) return { browser: null, os: null, type: 'unknown', label: 'Unknown device' }
  const parsed = Bowser.parse(userAgent.slice(0, MAX_USER_AGENT_CHARS))
  const browser = parsed.browser.name
    ? joinWords(parsed.browser.name, majorVersion(parsed.browser.version))
    : null
  const os = parsed.os.name ? joinWords(parsed.os.name, osVersion(parsed.os)) : null
  const platform = parsed.platform.type
  const type = (DEVICE_TYPES as readonly string[]).includes(platform ?? '')
    ? (platform as DeviceSummary['type'])
    : 'unknown'
  const label = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device')
  return { browser, os, type, label }
}

const joinWords = (...words: Array<string | undefined>) => words.filter(Boolean).join(' ')

function majorVersion(version: string | undefined): string | undefined {
  return version?.split('.')[0]
}

// Windows says 'NT 10.0' in versionName terms; Bowser gives 'versionName' ('10', '7') for Windows and macOS names.
function osVersion(os: { name?: string; version?: string; versionName?: string }): string | undefined {
  if (os.name === 'Windows') return os.versionName
  if (os.name === 'macOS') return os.versionName
  return os.version?.split('.').slice(0, 2).join('.')
}

/**
 * The identity of a device for the new-device alert: browser and OS names without versions (an update is not a new
 * device) and the client's network (computed by the server: an IPv4 /16 or an IPv6 /48).
 */
export function deviceFingerprint(userAgent: string | null | undefined, network: string | null): string {
  const parsed = userAgent ? Bowser.parse(userAgent.slice(0, MAX_USER_AGENT_CHARS)) : undefined
  return [parsed?.browser.name ?? '?', parsed?.os.name ?? '?', network ?? '?'].join('|')
}

/**
 * A sign-in deserves an alert when its fingerprint is not among the account's recent successful sign-ins. The very
 * first sign-in (no history) does not: there is nothing it could differ from.
 */
export function isNewDevice(current: string, recent: readonly string[]): boolean {
  return recent.length > 0 && !recent.includes(current)
}
