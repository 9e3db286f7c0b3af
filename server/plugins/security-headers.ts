// Baseline security headers on every answer, API and static files alike (OWASP Secure Headers Project; decisions
// 0014, 0018 and 0033): nosniff, no framing, no cross-origin opener, the browser features the app does not use
// turned off, HSTS over HTTPS, and the Content-Security-Policy (server/lib/content-security-policy.ts), whose socket
// sources come from the realtime endpoints once the realtime services are set up. The headers only a document or a
// worker reads are left off a page's scripts, stylesheets, fonts and images (SUBRESOURCE_DESTINATIONS below).
import type { FastifyInstance } from 'fastify'
import type { RealtimeEndpoints } from '../../src/domain/contract'
import { contentSecurityPolicy, SERVICE_WORKER_PATH } from '../lib/content-security-policy'

/**
 * Browser features this app never uses, turned off for it and every frame it embeds: a script that got in could not
 * ask for the camera, the microphone, the position or a payment. What it does use keeps its default ('self'):
 * the clipboard (copy buttons: addresses, codes, sign-in links), fullscreen, and sound (the notification chime).
 * Notifications and push are permissions of their own, not policy features. Only names Chromium knows: an unknown
 * one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/**
 * HSTS on answers that came over HTTPS (request.protocol: the socket's, or X-Forwarded-Proto from a trusted proxy):
 * the browser then refuses plain HTTP to this host for a year. Never over HTTP, where a browser ignores it and a
 * local or test server must stay reachable. No preload: that is a decision for the domain's owner.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

/** Headers that mean something on every answer: how to read its body, and what referrer its own requests send. */
const ANSWER_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
} as const

/**
 * Headers a browser reads only on a document or a worker's script: framing, the opener, the features a page may use.
 * The Content-Security-Policy is one of them too (set below).
 */
const DOCUMENT_HEADERS = {
  'x-frame-options': 'DENY',
  // A window this page opens, or one that opened it, from another origin gets no handle on it.
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
} as const

/**
 * What a browser fetches as a subresource of a page (Sec-Fetch-Dest): a script the page imports, a stylesheet, a font
 * or an image. None of these is ever a document or a worker, so the document headers would be bytes read by nobody:
 * about 0.9 KB an answer, and a signed-in page's first visit makes 50-90 of them: 60 KB on the dashboard that a
 * phone on a slow network downloaded before the page rendered over HTTP/1.1 (HTTP/2 compresses repeated headers;
 * docs/decisions/0043-the-signed-in-start-on-a-phone.md, "Tenth pass"). A worker's script is fetched as
 * `worker`, `sharedworker` or `serviceworker` and keeps them; so does a request that does not say (an older browser,
 * curl), and a navigation to any file (`document`). The worker scripts are never imported by a page, so no cached
 * answer to a `script` fetch stands in for a worker's.
 */
const SUBRESOURCE_DESTINATIONS = new Set(['script', 'style', 'font', 'image'])

export interface SecurityHeaderOptions {
  /** connect-src sources beyond this origin and the realtime endpoints (a client built against another API). */
  extraConnectSources?: readonly string[]
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const { extraConnectSources } = options
  const policiesFor = (endpoints: RealtimeEndpoints | undefined) => ({
    page: contentSecurityPolicy(endpoints, { extraConnectSources }),
    serviceWorker: contentSecurityPolicy(endpoints, { extraConnectSources, serviceWorker: true }),
  })
  // Before the realtime services exist (an answer during start-up), the stricter same-origin-only policies.
  const startup = policiesFor(undefined)
  let ready: typeof startup | undefined
  app.addHook('onSend', async (request, reply, payload) => {
    if (ready === undefined && app.hasDecorator('realtime')) ready = policiesFor(app.realtime.endpoints)
    reply.headers(ANSWER_HEADERS)
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY)
    if (SUBRESOURCE_DESTINATIONS.has(String(request.headers['sec-fetch-dest']))) return payload
    reply.headers(DOCUMENT_HEADERS)
    // A route with a stricter policy of its own keeps it (a chat file: `default-src 'none'; sandbox`).
    if (!reply.hasHeader('content-security-policy')) {
      const policies = ready ?? startup
      const path = request.url.split('?')[0]
      reply.header(
        'content-security-policy',
        path === SERVICE_WORKER_PATH ? policies.serviceWorker : policies.page,
      )
    }
    return payload
  })
}
