// Turns what a failed sign-up call threw into the sentence docs/product/api.md#errors asks for: the server's own
// message when it sent one, else the spec's fallback.
import { REGISTRATION_MESSAGES } from '../../../domain/registration/messages'
import { serverMessage } from '../../../lib/error-message'
import { HttpError } from '../../../lib/http'

/** The draft could not be written to IndexedDB (private mode, storage full): not the email check's fault. */
export class DraftStorageError extends Error {
  constructor(cause: unknown) {
    super('The registration draft could not be stored', { cause })
    this.name = 'DraftStorageError'
  }
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
