// The Content-Security-Policy of every answer: the page, its workers and the API alike. Scripts run only from this
// origin and the widget host, so a message, a file name or a setting that slipped into the markup could not run
// as code; sockets go only to this origin and the realtime endpoints the settings hand out (a SharedWorker is
// governed by its own script's header, so the same policy must allow the Pusher and price sockets).
import type { RealtimeEndpoints } from '../../src/domain/contract'
import { WIDGET_FRAME_ORIGINS, WIDGET_SCRIPT_ORIGIN } from '../../src/domain/site/third-party-origins'

/**
 * Sources for the realtime sockets when the settings point at other hosts. 'self' already covers ws: and wss:
 * on this origin (CSP 3), which is where the embedded broker and price feed live.
 */
export function realtimeConnectSources(endpoints: RealtimeEndpoints): string[] {
  const sources: string[] = []
  const { host, port, forceTLS } = endpoints.pusher
  if (host) {
    const schemes = forceTLS === undefined ? ['ws', 'wss'] : [forceTLS ? 'wss' : 'ws']
    for (const scheme of schemes) sources.push(`${scheme}://${host}${port === undefined ? '' : `:${port}`}`)
  }
  if (endpoints.prices.url) {
    try {
      const url = new URL(endpoints.prices.url)
      const secure = url.protocol === 'https:' || url.protocol === 'wss:'
      const hostAndPort = url.host
      // socket.io starts on the page's scheme and upgrades to the socket's; allow both forms of the one host.
      sources.push(
        `${secure ? 'https' : 'http'}://${hostAndPort}`,
        `${secure ? 'wss' : 'ws'}://${hostAndPort}`,
      )
    } catch {
      // Not a URL the client could connect to either; nothing to allow.
    }
  }
  return sources
}

/** The service worker's script (src/lib/pwa.ts registers it): its policy governs the worker's own fetches. */
export const SERVICE_WORKER_PATH = '/sw.js'

export function contentSecurityPolicy(
  endpoints: RealtimeEndpoints | undefined,
  options: { extraConnectSources?: readonly string[]; serviceWorker?: boolean } = {},
): string {
  const connect = [
    "'self'",
    ...(endpoints ? realtimeConnectSources(endpoints) : []),
    ...(options.extraConnectSources ?? []),
    // The service worker re-fetches the images the page shows to cache them for offline use (workers/sw.ts), and
    // a worker's fetch is a connection: as img-src allows any HTTPS host, so must its connect-src. It runs only
    // our own script, never page content.
    ...(options.serviceWorker ? ['https:'] : []),
  ]
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", WIDGET_SCRIPT_ORIGIN],
    // Inline styles cannot run code, and the build still needs them (decision 0033, checked in Chromium): the toast
    // library and the chart's attribution logo inject <style> elements, and the boot splash in index.html carries
    // style attributes. React's style props go through the CSSOM, which this directive does not govern.
    ['style-src', "'self'", "'unsafe-inline'"],
    // Chat attachments are shown from blob: URLs; a site's logo may live on any HTTPS host.
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', ...new Set(connect)],
    ['media-src', "'self'"],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['frame-src', "'self'", ...WIDGET_FRAME_ORIGINS],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map((directive) => directive.join(' ')).join('; ')
}
