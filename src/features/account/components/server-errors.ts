// The server's answers in a form: a 422's per-field messages onto the fields, anything else as one sentence.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { CANNOT_REACH_SERVER_MESSAGE, HttpError, isNetworkError } from '../../../lib/http'

/** One sentence for people from any error. */
export function problemText(error: unknown): string {
  if (isNetworkError(error)) return CANNOT_REACH_SERVER_MESSAGE
  if (error instanceof HttpError) return error.message
  return 'Something went wrong. Please try again.'
}

/**
 * Puts the server's field messages on the form's fields; answers whether any landed (the form then needs no other
 * message). Fields the form does not have are left to the caller's sentence.
 */
export function applyFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof HttpError) || (error.status !== 422 && error.status !== 409)) return false
  const messages = error.fieldErrors
  let placed = false
  for (const field of fields) {
    const message = messages[field]?.[0]
    if (!message) continue
    form.setError(field, { message }, { shouldFocus: !placed })
    placed = true
  }
  return placed
}
