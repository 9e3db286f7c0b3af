// What a failed call says to the person who made it: the server's own sentence for a 4xx ('Your card was declined.',
// 'A reason is required.', 'This request has already been decided.'), else a plain fallback for a network failure or
// a 5xx, whose text is not meant for people. One rule for the customer's cashier and the staff's back office.
import { ApiErrorSchema } from '../domain/contract/wire'
import { HttpError, isNetworkError } from './http'

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.'
export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check the connection and try again.'

export function errorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE
  if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.message.trim()) {
    return error.message
  }
  return FALLBACK_ERROR_MESSAGE
}

/**
 * The sentence of the server's error envelope (`{ message }`), for real error answers only (4xx/5xx): a network
 * failure or a time-out has none, and a 2xx that failed contract parsing carries a message that described success.
 * Callers show their own fallback when there is none: `serverMessage(error) ?? FALLBACK`.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.status < 400) return undefined
  const parsed = ApiErrorSchema.safeParse(error.data)
  const message = parsed.success ? parsed.data.message.trim() : ''
  return message || undefined
}

/** The first message the server gave for one field, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof HttpError ? error.fieldErrors[field]?.[0] : undefined
}

/** One key per submission attempt: every retry of that attempt sends it again, a new attempt makes a new one. */
export const newIdempotencyKey = () => crypto.randomUUID()

/**
 * A 422's field messages by the form's fields: each server field name goes through `fieldOf` (the form's name for
 * it, or null when the form has no such field), and the first message of each is that field's. For a form held in
 * React state (the workspace's dialogs); `placeFieldErrors` puts them on a react-hook-form.
 */
export function fieldMessages<Field extends string>(
  error: unknown,
  fieldOf: (serverName: string) => Field | null | undefined,
): Partial<Record<Field, string>> {
  const messages: Partial<Record<Field, string>> = {}
  const fieldErrors = error instanceof HttpError ? error.fieldErrors : {}
  for (const [serverName, list] of Object.entries(fieldErrors)) {
    const field = fieldOf(serverName)
    const first = list[0]
    if (!field || !first || messages[field] !== undefined) continue
    messages[field] = first
  }
  return messages
}

/**
 * Puts a 422's field messages on a form (`fieldMessages`), the first field getting the focus. Answers whether any
 * was placed, so the caller's toast can say 'needs correcting' or the server's own sentence.
 */
export function placeFieldErrors<Field extends string>(
  error: unknown,
  fieldOf: (serverName: string) => Field | null,
  setError: (
    field: Field,
    error: { type: 'server'; message: string },
    options: { shouldFocus: boolean },
  ) => void,
): boolean {
  const placed = Object.entries(fieldMessages(error, fieldOf)) as [Field, string][]
  placed.forEach(([field, message], index) =>
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
  )
  return placed.length > 0
}
