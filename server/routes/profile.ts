// The caller's personal details (decision 0020): the profile (rules of docs/product/chat.md#composer), the sign-in
// address (changed only once the link mailed to the new address is opened) and the avatar (an image checked by its
// content, in the one file store, served by its random key so an <img> can show it). The rules are
// account/profile.ts's (decision 0039).
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ACCOUNT_MESSAGES,
  AVATAR_UPLOAD,
  AvatarResponseSchema,
  ChangeEmailRequestSchema,
  ConfirmEmailRequestSchema,
  ConfirmEmailResponseSchema,
  EmptyBodySchema,
  MessageResponseSchema,
  ProfilePatchResponseSchema,
  ProfilePatchSchema,
  ProfileResponseSchema,
  TextSchema,
} from '../../src/domain/contract'
import { AVATAR_MIME } from '../account/avatar-image'
import {
  confirmEmailChange,
  findAvatar,
  profileOf,
  removeAvatar,
  requestEmailChange,
  saveAvatar,
  updateProfile,
} from '../account/profile'
import { readUpload, sendStoredFile } from '../account/uploads'
import { authOf } from '../plugins/auth'
import { MESSAGES, sendError } from '../plugins/errors'
import { fileAnswer } from '../plugins/openapi'
import { sendRefusal } from './account-answers'

const AvatarParamsSchema = z.object({ key: TextSchema.check(z.maxLength(64)) })

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart reaches this plugin's routes only (the avatar); every other route stays JSON-only.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_UPLOAD.MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  })

  app.get(
    '/user/profile',
    {
      onRequest: [app.authenticate],
      schema: { summary: 'Read the profile', response: { 200: ProfileResponseSchema } },
    },
    async (request) => ({ data: await profileOf(app, authOf(request).user) }),
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
      const answer = await updateProfile(app, authOf(request).user, request.body)
      if (!answer.ok) return sendRefusal(reply, answer)
      return { message: ACCOUNT_MESSAGES.PROFILE_SAVED, data: answer.value }
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
      const answer = await requestEmailChange(app, authOf(request), request.body)
      if (!answer.ok) return sendRefusal(reply, answer)
      request.log.info({ userId: authOf(request).user.id }, 'email change requested')
      return { message: ACCOUNT_MESSAGES.EMAIL_CHANGE_SENT(answer.value) }
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
      const answer = await confirmEmailChange(app, request.body.token)
      if (!answer.ok) return sendRefusal(reply, answer)
      request.log.info({ userId: answer.value.userId }, 'email changed')
      return { message: ACCOUNT_MESSAGES.EMAIL_CHANGED, data: { email: answer.value.email } }
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
      const answer = await saveAvatar(app, authOf(request).user.id, upload)
      if (!answer.ok) return sendRefusal(reply, answer)
      return reply.code(201).send({ message: ACCOUNT_MESSAGES.AVATAR_SAVED, data: { avatar: answer.value } })
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
      await removeAvatar(app, authOf(request).user.id)
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
      const avatar = await findAvatar(app, key)
      if (!avatar) return sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
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
