// Turns what a failed sign-up call threw into the sentence docs/product/api.md#errors asks for: the server's own
// message when it sent one, else the spec's fallback.
import { ApiErrorSchema } from '../../../domain/contract/wire'
import { REGISTRATION_MESSAGES } from '../../../domain/registration/messages'
import { HttpError } from '../../../lib/http'

/** The draft could not be written to IndexedDB (private mode, storage full): not the email check's fault. */
export class DraftStorageError extends Error {
  constructor(cause: unknown) {
    super('The registration draft could not be stored', { cause })
    this.name = 'DraftStorageError'
  }
}

/**
 * The message of the server's error envelope. Only for real error answers (4xx/5xx): a 2xx that failed contract
 * parsing also carries a body with a `message`, but that message described success.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status < 400) return undefined
  const parsed = ApiErrorSchema.safeParse(error.data)
  const message = parsed.success ? parsed.data.message.trim() : ''
  return message || undefined
}

/**
 * docs/product/registration.md#messages, email check fails: server message, else 'Failed to check email
 * availability'; non-errors: generic.
 */
export function checkEmailErrorMessage(error: unknown): string {
  if (error instanceof DraftStorageError || !(error instanceof Error))
    return REGISTRATION_MESSAGES.UNKNOWN_ERROR
  return serverMessage(error) ?? REGISTRATION_MESSAGES.EMAIL_CHECK_FAILED
}

/**
 * docs/product/registration.md#messages, registration failure: server message, else 'Registration failed. Please try
 * again.'
 */
export function registrationErrorMessage(error: unknown): string {
  return serverMessage(error) ?? REGISTRATION_MESSAGES.REGISTRATION_FAILED
}

/** Per-field messages of a 409/422 answer. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof HttpError ? error.fieldErrors : {}
}
