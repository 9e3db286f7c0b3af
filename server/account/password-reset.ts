// The password reset (decision 0039: the rules here, the answers in routes/auth.ts): a mailed single-use link for
// a known address, and a new password that signs out every session.
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../lib/passwords'
import { passwordChangedMail, passwordResetLink, passwordResetMail } from '../mail/messages'
import { publishRevoked } from './sessions'

/** Mails a reset link when the address is a user's; the user's id, for the log. The token goes into the mail only. */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<number | undefined> {
  const user = await app.repos.users.findByEmail(email)
  if (!user) return undefined
  const { token } = await app.repos.passwordResets.issue(user.id, app.now())
  await app.mailer.send(
    passwordResetMail(
      { email: user.email, firstName: user.firstName, userId: user.id },
      passwordResetLink(app.mailLinkBase, token),
    ),
  )
  return user.id
}

/** Sets the new password of the token's user and signs out every session; undefined when the token is not valid. */
export async function resetPassword(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<{ userId: number; revoked: number } | undefined> {
  const now = app.now()
  const userId = await app.repos.passwordResets.consume(token, now)
  const user = userId === undefined ? undefined : await app.repos.users.findById(userId)
  if (!user) return undefined
  await app.repos.profile.setPasswordHash(user.id, await hashPassword(password))
  // Whoever knew the old password is out, on every device.
  const revoked = await app.repos.authTokens.revokeAll(user.id, now)
  publishRevoked(app, user.id, revoked)
  await app.mailer.send(
    passwordChangedMail({ email: user.email, firstName: user.firstName, userId: user.id }, 'reset'),
  )
  return { userId: user.id, revoked: revoked.length }
}
