// One error envelope for every answer: `{ message, errors? }`. Bad input is a 4xx with a sentence a person can
// read; only real faults are 500, logged with their stack and answered without details.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiError } from '../../src/domain/contract'
import { loggableError } from '../lib/loggable-error'

export const MESSAGES = {
  INVALID: 'The given data was invalid.',
  NOT_FOUND: 'Not found',
  UNAUTHENTICATED: 'Unauthenticated.',
  FORBIDDEN: 'This action is unauthorized.',
  TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  SERVER_ERROR: 'Server Error',
} as const

type FieldErrors = Record<string, string[]>

interface ValidationIssue {
  instancePath?: string
  message?: string
}

// A body of 50,000 unknown keys would otherwise come back as a 50,000-name message: answers stay small.
const MAX_FIELDS = 50
const MAX_MESSAGES_PER_FIELD = 5
const MAX_MESSAGE_CHARS = 300

function clip(message: string): string {
  return message.length <= MAX_MESSAGE_CHARS ? message : `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…`
}

/** `/leverage/forex` -> `leverage.forex`; an issue about the whole body is filed under the body's part name. */
function fieldErrors(issues: readonly ValidationIssue[], context: string | undefined): FieldErrors {
  // Null prototype: a field named `constructor` or `toString` must not find Object.prototype's members.
  const errors: FieldErrors = Object.create(null)
  let fieldCount = 0
  for (const issue of issues) {
    const path = clip((issue.instancePath ?? '').split('/').filter(Boolean).join('.'))
    const field = path === '' ? (context ?? 'body') : path
    if (!(field in errors)) {
      if (fieldCount === MAX_FIELDS) continue
      fieldCount += 1
      errors[field] = []
    }
    const messages = errors[field]
    if (messages && messages.length < MAX_MESSAGES_PER_FIELD)
      messages.push(clip(issue.message ?? 'Invalid value.'))
  }
  // A plain object again, so the serializer and clients see an ordinary record.
  return { ...errors }
}

export function sendError(reply: FastifyReply, statusCode: number, body: ApiError): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body)
}

function invalid(reply: FastifyReply, errors: FieldErrors): FastifyReply {
  return sendError(reply, 422, { message: MESSAGES.INVALID, errors })
}

function handleError(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.validation) return invalid(reply, fieldErrors(error.validation, error.validationContext))

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalid(reply, { body: ['The body is not valid JSON.'] })
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid(reply, { body: ['The body is empty.'] })
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendError(reply, 413, { message: MESSAGES.TOO_LARGE })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendError(reply, 415, { message: MESSAGES.UNSUPPORTED_MEDIA_TYPE })
  }

  const statusCode = error.statusCode ?? 500
  if (statusCode >= 400 && statusCode < 500) {
    return sendError(reply, statusCode, { message: error.message || 'Bad request.' })
  }

  // The request serializer logs method and url only; the redaction in app.ts covers headers and bodies.
  request.log.error({ err: loggableError(error) }, 'unhandled error')
  return sendError(reply, 500, { message: MESSAGES.SERVER_ERROR })
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError)
}

/**
 * For fastify's own routing errors (a malformed URL), which bypass the error handler. Their message quotes the
 * URL, which may be kilobytes long: clipped like every other message.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 400, { message: clip(error.message || 'Bad request.') })
}
