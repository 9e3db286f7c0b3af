// The seam pushes leave through (decision 0037): `PushSender` is what the queue calls, `WebPushSender` the real one,
// the kept `web-push` library (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID). Certificates are
// always checked: by default against Node's CAs plus NODE_EXTRA_CA_CERTS; a caller may add a CA of its own (a test's
// local receiver). There is no switch that turns verification off.
import { Agent } from 'node:https'
import { rootCertificates } from 'node:tls'
import webpush from 'web-push'
import type { VapidKeyPair } from '../repositories/vapid-keys'

export interface PushTarget {
  endpoint: string
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string
  auth: string
}

export interface PushSendOptions {
  /** How long the push service keeps it for a browser that is offline. */
  ttlSeconds: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** A later push with the same topic replaces one not yet delivered (base64url, at most 32 characters). */
  topic?: string
}

/** The push service's answer; a network failure throws. */
export interface PushSendResult {
  statusCode: number
}

export interface PushSender {
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushSendResult>
  close(): void
}

export interface WebPushSenderOptions {
  vapid: VapidKeyPair & { subject: string }
  /** A CA (PEM) trusted besides Node's own: a local receiver's self-signed certificate. */
  extraCa?: string
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 10_000

function statusOf(error: unknown): number | undefined {
  if (error instanceof webpush.WebPushError) return error.statusCode
  return undefined
}

export class WebPushSender implements PushSender {
  private readonly agent: Agent
  private readonly options: WebPushSenderOptions

  constructor(options: WebPushSenderOptions) {
    this.options = options
    // One keep-alive agent: a push service is a handful of hosts, and a TLS handshake per push is most of its cost.
    this.agent = new Agent({
      keepAlive: true,
      ...(options.extraCa === undefined ? {} : { ca: [...rootCertificates, options.extraCa] }),
    })
  }

  async send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushSendResult> {
    try {
      const result = await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: this.options.vapid,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          ...(options.topic === undefined ? {} : { topic: options.topic }),
          contentEncoding: 'aes128gcm',
          agent: this.agent,
          timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        },
      )
      return { statusCode: result.statusCode }
    } catch (error) {
      const statusCode = statusOf(error)
      if (statusCode === undefined) throw error
      return { statusCode }
    }
  }

  close(): void {
    this.agent.destroy()
  }
}

/** A fresh VAPID pair (P-256), base64url. */
export function generateVapidKeys(): VapidKeyPair {
  return webpush.generateVAPIDKeys()
}
