// Sessions and sign-ins (decision 0020): every way in (password, two-factor code, one-time link) ends in
// `openSession`, which issues the token with where it came from, records the sign-in and mails an alert for a
// device the account has not used lately. Every way out of other sessions goes through `publishRevoked`: the
// signed-out device's sockets close at once, on every instance, and the user's other devices hear it on
// private-user.{id} (decision 0033).
import { isIPv4 } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { deviceFingerprint, isNewDevice, summariseUserAgent } from '../../src/domain/account/device-summary'
import { CHANNELS, PUSH_EVENTS, type SessionRevokedEvent, type User } from '../../src/domain/contract'
import { clientKey } from '../lib/rate-limit'
import { newDeviceSignInMail } from '../mail/messages'
import type { SessionOrigin } from '../repositories/auth-tokens'

/** How many recent successful sign-ins a device must be absent from to count as new. */
export const NEW_DEVICE_LOOKBACK = 10

export function sessionOrigin(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  const userAgent = request.headers['user-agent']
  return { ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent : null }
}

/**
 * The network a client address belongs to, for the new-device rule: an IPv4 /16 (a provider's pool, which moves a
 * home's address within it) or an IPv6 /48 (a site).
 */
export function networkOf(ip: string | null): string | null {
  if (!ip) return null
  const key = clientKey(ip)
  if (isIPv4(key)) return `${key.split('.').slice(0, 2).join('.')}.0.0/16`
  const groups = key.replace('::/64', '').split(':')
  return `${groups.slice(0, 3).join(':')}::/48`
}

const fingerprintOf = (origin: SessionOrigin) =>
  deviceFingerprint(origin.userAgent ?? null, networkOf(origin.ip ?? null))

/** Issues a token for the user, records the sign-in and alerts on a new device; answers what /auth/login answers. */
export async function openSession(
  app: FastifyInstance,
  userId: number,
  origin: { ip: string | null; userAgent: string | null },
  now: Date,
): Promise<{ user: User; token: string }> {
  const recent = await app.repos.signIns.recentSuccesses(userId, NEW_DEVICE_LOOKBACK)
  const token = await app.repos.authTokens.issue(userId, now, origin)
  await app.repos.signIns.record(userId, 'success', origin, now)
  await app.repos.users.touchLastSeen(userId, now)
  const user = await app.repos.users.findView(userId, now)
  if (!user) throw new Error(`User ${userId} vanished during sign-in`)

  if (isNewDevice(fingerprintOf(origin), recent.map(fingerprintOf))) {
    await app.mailer.send(
      newDeviceSignInMail(
        { email: user.email, firstName: user.first_name, userId },
        { device: summariseUserAgent(origin.userAgent).label, ip: origin.ip, at: now },
      ),
    )
  }
  return { user, token }
}

/**
 * These sessions were signed out (their tokens already refused): their sockets close first, Pusher's with 4009 and
 * a pusher:error naming the session, so neither this event nor anything published later reaches them; then the
 * user's other devices are told, as are the tabs of a device whose Pusher service is not the embedded broker.
 */
export function publishRevoked(app: FastifyInstance, userId: number, sessionIds: readonly number[]): void {
  app.realtime.endSessions(sessionIds)
  for (const sessionId of sessionIds) {
    const event: SessionRevokedEvent = { session_id: sessionId }
    void app.publisher.trigger(CHANNELS.user(userId), PUSH_EVENTS.SESSION_REVOKED, event)
  }
}

/**
 * The password changed in the session `keptSessionId`: the new hash and every other session of the account signed
 * out, in one transaction; answers the signed-out sessions' ids for `publishRevoked`.
 */
export async function replacePasswordSigningOutOthers(
  app: FastifyInstance,
  userId: number,
  keptSessionId: number,
  passwordHash: string,
  now: Date,
): Promise<number[]> {
  return app.db.transaction(async (tx) => {
    await app.repos.profile.setPasswordHash(userId, passwordHash, tx)
    return app.repos.authTokens.revokeOthers(userId, keptSessionId, now, tx)
  })
}
