// The caller's personal details (decision 0039: the rules here, the answers in routes/profile.ts): the profile
// (rules of docs/product/chat.md#composer), the sign-in address (changed only once the link mailed to the new address
// is opened) and the avatar (an image checked by its content, in the one file store, served by its random key).
import type { FastifyInstance } from 'fastify'
import {
  ACCOUNT_MESSAGES,
  ageOn,
  API_PREFIX,
  EMAIL_TAKEN_MESSAGE,
  MIN_AGE_YEARS,
  USERNAME_TAKEN_MESSAGE,
  type Profile,
  type ProfilePatch,
} from '../../src/domain/contract'
import { STORAGE_KEY_PATTERN } from '../chat/file-store'
import { checkFileOfKinds } from '../chat/file-types'
import { emailChangedMail, emailChangeMail, emailConfirmLink } from '../mail/messages'
import { MESSAGES } from '../plugins/errors'
import { publishClientUpdated, publishUserUpdated } from '../realtime/user-events'
import type { ProfileChanges } from '../repositories/profile'
import type { UserRow } from '../repositories/users'
import { avatarImage, AVATAR_MIME } from './avatar-image'
import { accepted, locked, refused, type AccountOutcome } from './outcomes'
import { checkSessionPassword } from './secret-checks'

const AVATAR_NOT_ALLOWED = 'Only PNG, JPEG or WebP images can be used as a picture.'
const AVATAR_UNREADABLE = 'This image could not be read. Try another picture.'

export const avatarUrl = (storageKey: string) => `${API_PREFIX}/avatars/${storageKey}`

function toProfile(user: UserRow, pendingEmail: string | null): Profile {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    email: user.email,
    pending_email: pendingEmail,
    phone: user.phone,
    country_code: user.phoneCountryCode,
    address: user.address ?? null,
    date_of_birth: user.dateOfBirth,
    avatar: user.avatar,
  }
}

export const profileOf = async (app: FastifyInstance, user: UserRow) =>
  toProfile(user, await app.repos.emailChanges.pendingFor(user.id, app.now()))

/** The user's open tabs and the back office's view of them read the change live. */
const tellTabs = (app: FastifyInstance, userId: number) => {
  publishUserUpdated(app.publisher, userId, app.now())
  publishClientUpdated(app.publisher, userId)
}

const usernameTaken = () => refused(409, USERNAME_TAKEN_MESSAGE, 'username')
const emailTaken = () => refused(409, EMAIL_TAKEN_MESSAGE, 'email')

export async function updateProfile(
  app: FastifyInstance,
  user: UserRow,
  patch: ProfilePatch,
): Promise<AccountOutcome<Profile>> {
  if (patch.date_of_birth && ageOn(patch.date_of_birth, app.now()) < MIN_AGE_YEARS) {
    return refused(422, ACCOUNT_MESSAGES.TOO_YOUNG, 'date_of_birth')
  }
  if (patch.username !== undefined && (await app.repos.profile.usernameTaken(patch.username, user.id))) {
    return usernameTaken()
  }
  const changes: ProfileChanges = {}
  if (patch.first_name !== undefined) changes.firstName = patch.first_name
  if (patch.last_name !== undefined) changes.lastName = patch.last_name
  if (patch.username !== undefined) changes.username = patch.username
  if (patch.phone !== undefined && patch.country_code !== undefined) {
    // Stored whole, as sign-up does ('+44' and the digits); the code is kept too so the form can split it.
    changes.phone = `${patch.country_code}${patch.phone.replace(/\D/g, '')}`
    changes.phoneCountryCode = patch.country_code
  }
  if (patch.address !== undefined) changes.address = patch.address
  if (patch.date_of_birth !== undefined) changes.dateOfBirth = patch.date_of_birth
  const updated = await app.repos.profile.update(user.id, changes)
  if (updated === 'username_taken') return usernameTaken()
  if (!updated) return refused(404, MESSAGES.NOT_FOUND)
  tellTabs(app, user.id)
  return accepted(await profileOf(app, updated))
}

/** Mails a confirmation link to the new address, once the session's password is right (counted first, decision 0033). */
export async function requestEmailChange(
  app: FastifyInstance,
  caller: { user: UserRow; tokenId: number },
  body: { email: string; password: string },
): Promise<AccountOutcome<string>> {
  const now = app.now()
  const { user, tokenId } = caller
  const email = body.email.toLowerCase()
  const check = await checkSessionPassword(app, user, tokenId, body.password)
  if (check.outcome === 'locked') return locked(check.retryAfterSeconds)
  if (check.outcome === 'wrong') return refused(422, 'The password is not correct.', 'password')
  if (email === user.email) return refused(422, ACCOUNT_MESSAGES.EMAIL_SAME, 'email')
  if (await app.repos.profile.emailTaken(email)) return emailTaken()
  const { token } = await app.repos.emailChanges.issue(user.id, email, now)
  await app.mailer.send(
    emailChangeMail(
      { newEmail: email, firstName: user.firstName, userId: user.id },
      emailConfirmLink(app.mailLinkBase, token),
    ),
  )
  return accepted(email)
}

/** The mailed link's token sets the new address; the old one hears of it, so a stranger's change is known at once. */
export async function confirmEmailChange(
  app: FastifyInstance,
  token: string,
): Promise<AccountOutcome<{ userId: number; email: string }>> {
  const invalid = () => refused(422, ACCOUNT_MESSAGES.EMAIL_TOKEN_INVALID, 'token')
  const change = await app.repos.emailChanges.consume(token, app.now())
  if (!change) return invalid()
  const user = await app.repos.users.findById(change.userId)
  if (!user) return invalid()
  const outcome = await app.repos.profile.setEmail(user.id, change.newEmail)
  if (outcome === 'taken') return emailTaken()
  await app.mailer.send(
    emailChangedMail({ oldEmail: user.email, firstName: user.firstName, userId: user.id }, change.newEmail),
  )
  tellTabs(app, user.id)
  return accepted({ userId: user.id, email: change.newEmail })
}

/** Checks an uploaded picture, stores it re-encoded, and drops the one it replaces; the new picture's URL. */
export async function saveAvatar(
  app: FastifyInstance,
  userId: number,
  upload: { fileName: string; bytes: Uint8Array },
): Promise<AccountOutcome<string>> {
  const verdict = checkFileOfKinds(upload.fileName, upload.bytes, ['png', 'jpeg', 'webp'], AVATAR_NOT_ALLOWED)
  if (!verdict.ok) return refused(verdict.statusCode, verdict.message, 'file')
  const image = await avatarImage(upload.bytes)
  if (!image) return refused(422, AVATAR_UNREADABLE, 'file')
  const storageKey = app.chat.files.newKey()
  await app.chat.files.save(storageKey, image)
  const url = avatarUrl(storageKey)
  let previous: string | null
  try {
    previous = await app.repos.profile.setAvatar(
      userId,
      { storageKey, mimeType: AVATAR_MIME, sizeBytes: image.length, url },
      app.now(),
    )
  } catch (error) {
    await app.chat.files.remove(storageKey)
    throw error
  }
  if (previous) await app.chat.files.remove(previous)
  tellTabs(app, userId)
  return accepted(url)
}

export async function removeAvatar(app: FastifyInstance, userId: number): Promise<void> {
  const previous = await app.repos.profile.removeAvatar(userId)
  if (previous) await app.chat.files.remove(previous)
  tellTabs(app, userId)
}

/** A stored picture by its key; undefined for a key that is not one of the store's. */
export async function findAvatar(app: FastifyInstance, key: string) {
  if (!STORAGE_KEY_PATTERN.test(key)) return undefined
  return (await app.repos.profile.findAvatar(key)) ?? undefined
}
