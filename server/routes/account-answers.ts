// An account service's refusal as HTTP (decision 0039): 429 with Retry-After for a lock, else the status with its
// sentence, and the sentence under its field when it is about one.
import type { FastifyReply } from 'fastify'
import type { AccountRefusal } from '../account/outcomes'
import { sendError } from '../plugins/errors'
import { sendTooManyAttempts } from '../plugins/rate-limit'

export function sendRefusal(reply: FastifyReply, refusal: AccountRefusal): FastifyReply {
  if (refusal.statusCode === 429)
    return sendTooManyAttempts(reply, refusal.retryAfterSeconds, refusal.message)
  const { statusCode, message, field } = refusal
  return sendError(reply, statusCode, { message, ...(field ? { errors: { [field]: [message] } } : {}) })
}

// A token or a secret in an answer must not be kept by a shared cache or the browser's HTTP cache.
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')
