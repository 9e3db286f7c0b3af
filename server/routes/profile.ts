// The caller's personal details (issue 16): the profile (spec 5 rules), the sign-in address (changed only once the
// link mailed to the new address is opened) and the avatar (an image checked by its content, in the one file
// store, served by its random key so an <img> can show it).
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ACCOUNT_MESSAGES,
  ageOn,
  API_PREFIX,
  AVATAR_UPLOAD,
  AvatarResponseSchema,
  ChangeEmailRequestSchema,
  ConfirmEmailRequestSchema,
  ConfirmEmailResponseSchema,
  EMAIL_TAKEN_MESSAGE,
  EmptyBodySchema,
  MessageResponseSchema,
  MIN_AGE_YEARS,
  ProfilePatchResponseSchema,
  ProfilePatchSchema,
  ProfileResponseSchema,
  TextSchema,
  USERNAME_TAKEN_MESSAGE,
  type Profile,
} from '../../src/domain/contract'
import { avatarImage, AVATAR_MIME } from '../account/avatar-image'
import { checkSessionPassword } from '../account/secret-checks'
import { readUpload, sendStoredFile } from '../account/uploads'
import { STORAGE_KEY_PATTERN } from '../chat/file-store'
import { checkFileOfKinds } from '../chat/file-types'
import { emailChangedMail, emailChangeMail, emailConfirmLink } from '../mail/messages'
import { authOf } from '../plugins/auth'
import { MESSAGES, sendError } from '../plugins/errors'
import { fileAnswer } from '../plugins/openapi'
import { sendTooManyAttempts } from '../plugins/rate-limit'
import type { ProfileChanges } from '../repositories/profile'
import type { UserRow } from '../repositories/users'
import { publishClientUpdated, publishUserUpdated } from '../realtime/user-events'

const AVATAR_NOT_ALLOWED = 'Only PNG, JPEG or WebP images can be used as a picture.'
const AVATAR_UNREADABLE = 'This image could not be read. Try another picture.'
const AvatarParamsSchema = z.object({ key: TextSchema.max(64) })

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

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart reaches this plugin's routes only (the avatar); every other route stays JSON-only.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_UPLOAD.MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  })

  const profileOf = async (user: UserRow) =>
    toProfile(user, await app.repos.emailChanges.pendingFor(user.id, app.now()))

  const tellTabs = (userId: number) => {
    publishUserUpdated(app.publisher, userId, app.now())
    publishClientUpdated(app.publisher, userId)
  }

  app.get(
    '/user/profile',
    {
      onRequest: [app.authenticate],
      schema: { summary: 'Read the profile', response: { 200: ProfileResponseSchema } },
    },
    async (request) => ({ data: await profileOf(authOf(request).user) }),
  )

  app.patch(
    '/user/profile',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Change the profile',
        body: ProfilePatchSchema,
        response: { 200: ProfilePatchResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request)
      const patch = request.body
      if (patch.date_of_birth && ageOn(patch.date_of_birth, app.now()) < MIN_AGE_YEARS) {
        const message = ACCOUNT_MESSAGES.TOO_YOUNG
        return sendError(reply, 422, { message, errors: { date_of_birth: [message] } })
      }
      const usernameTaken = () =>
        sendError(reply, 409, {
          message: USERNAME_TAKEN_MESSAGE,
          errors: { username: [USERNAME_TAKEN_MESSAGE] },
        })
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
      if (!updated) return sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
      tellTabs(user.id)
      return { message: ACCOUNT_MESSAGES.PROFILE_SAVED, data: await profileOf(updated) }
    },
  )

  app.post(
    '/user/email',
    {
      onRequest: [app.authenticate, app.rateLimit('emailChange')],
      schema: {
        summary: 'Ask to change the email address',
        body: ChangeEmailRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const { user, tokenId } = authOf(request)
      const email = request.body.email.toLowerCase()
      // Counted per session before it is checked (decision 0033).
      const check = await checkSessionPassword(app, user, tokenId, request.body.password)
      if (check.outcome === 'locked') return sendTooManyAttempts(reply, check.retryAfterSeconds)
      if (check.outcome === 'wrong') {
        const message = 'The password is not correct.'
        return sendError(reply, 422, { message, errors: { password: [message] } })
      }
      if (email === user.email) {
        const message = ACCOUNT_MESSAGES.EMAIL_SAME
        return sendError(reply, 422, { message, errors: { email: [message] } })
      }
      if (await app.repos.profile.emailTaken(email)) {
        return sendError(reply, 409, {
          message: EMAIL_TAKEN_MESSAGE,
          errors: { email: [EMAIL_TAKEN_MESSAGE] },
        })
      }
      const { token } = await app.repos.emailChanges.issue(user.id, email, now)
      await app.mailer.send(
        emailChangeMail(
          { newEmail: email, firstName: user.firstName, userId: user.id },
          emailConfirmLink(app.mailLinkBase, token),
        ),
      )
      request.log.info({ userId: user.id }, 'email change requested')
      return { message: ACCOUNT_MESSAGES.EMAIL_CHANGE_SENT(email) }
    },
  )

  // No sign-in needed: the link may be opened on another device; the token is the proof.
  app.post(
    '/user/email/confirm',
    {
      onRequest: [app.rateLimit('emailChange')],
      schema: {
        summary: 'Confirm a new email address with its token',
        body: ConfirmEmailRequestSchema,
        response: { 200: ConfirmEmailResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now()
      const invalid = () => {
        const message = ACCOUNT_MESSAGES.EMAIL_TOKEN_INVALID
        return sendError(reply, 422, { message, errors: { token: [message] } })
      }
      const change = await app.repos.emailChanges.consume(request.body.token, now)
      if (!change) return invalid()
      const user = await app.repos.users.findById(change.userId)
      if (!user) return invalid()
      const outcome = await app.repos.profile.setEmail(user.id, change.newEmail)
      if (outcome === 'taken') {
        return sendError(reply, 409, {
          message: EMAIL_TAKEN_MESSAGE,
          errors: { email: [EMAIL_TAKEN_MESSAGE] },
        })
      }
      // The old address hears of it: if this was not its owner, they know at once.
      await app.mailer.send(
        emailChangedMail(
          { oldEmail: user.email, firstName: user.firstName, userId: user.id },
          change.newEmail,
        ),
      )
      tellTabs(user.id)
      request.log.info({ userId: user.id }, 'email changed')
      return { message: ACCOUNT_MESSAGES.EMAIL_CHANGED, data: { email: change.newEmail } }
    },
  )

  app.post(
    '/user/avatar',
    {
      onRequest: [app.authenticate, app.rateLimit('accountUpload')],
      schema: { summary: 'Upload a profile picture', response: { 201: AvatarResponseSchema } },
    },
    async (request, reply) => {
      const upload = await readUpload(request, AVATAR_UPLOAD.MAX_BYTES)
      if (!upload.ok) return sendError(reply, upload.statusCode, upload.body)
      const verdict = checkFileOfKinds(
        upload.fileName,
        upload.bytes,
        ['png', 'jpeg', 'webp'],
        AVATAR_NOT_ALLOWED,
      )
      if (!verdict.ok) {
        return sendError(reply, verdict.statusCode, {
          message: verdict.message,
          errors: { file: [verdict.message] },
        })
      }
      const image = await avatarImage(upload.bytes)
      if (!image) {
        return sendError(reply, 422, { message: AVATAR_UNREADABLE, errors: { file: [AVATAR_UNREADABLE] } })
      }
      const { user } = authOf(request)
      const storageKey = app.chat.files.newKey()
      await app.chat.files.save(storageKey, image)
      const url = avatarUrl(storageKey)
      let previous: string | null
      try {
        previous = await app.repos.profile.setAvatar(
          user.id,
          { storageKey, mimeType: AVATAR_MIME, sizeBytes: image.length, url },
          app.now(),
        )
      } catch (error) {
        await app.chat.files.remove(storageKey)
        throw error
      }
      if (previous) await app.chat.files.remove(previous)
      tellTabs(user.id)
      return reply.code(201).send({ message: ACCOUNT_MESSAGES.AVATAR_SAVED, data: { avatar: url } })
    },
  )

  app.delete(
    '/user/avatar',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Remove the profile picture',
        body: EmptyBodySchema,
        response: { 200: AvatarResponseSchema },
      },
    },
    async (request) => {
      const { user } = authOf(request)
      const previous = await app.repos.profile.removeAvatar(user.id)
      if (previous) await app.chat.files.remove(previous)
      tellTabs(user.id)
      return { message: ACCOUNT_MESSAGES.AVATAR_REMOVED, data: { avatar: null } }
    },
  )

  // Public by design: whoever holds the random key (chat partners, the back office) may see the picture.
  app.get(
    '/avatars/:key',
    {
      schema: {
        summary: 'Read a profile picture',
        params: AvatarParamsSchema,
        response: { 200: fileAnswer('The picture.', [AVATAR_MIME]) },
      },
    },
    async (request, reply) => {
      const { key } = request.params
      const notFound = () => sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
      if (!STORAGE_KEY_PATTERN.test(key)) return notFound()
      const avatar = await app.repos.profile.findAvatar(key)
      if (!avatar) return notFound()
      // A new picture gets a new key, so a stored one never changes.
      return sendStoredFile(app, reply, {
        key,
        mimeType: avatar.mimeType,
        sizeBytes: avatar.sizeBytes,
        disposition: 'inline',
        cacheControl: 'public, max-age=31536000, immutable',
      })
    },
  )
}
