// What an account service answers when it refuses (decision 0039): a status and a sentence, the field it is about,
// or a lock with its wait. The routes turn it into HTTP (routes/account-answers.ts); the services never see a reply.
export type AccountRefusal =
  | { ok: false; statusCode: 401 | 404 | 409 | 410 | 415 | 422; message: string; field?: string }
  | { ok: false; statusCode: 429; retryAfterSeconds: number; message?: string }

export type AccountOutcome<T> = { ok: true; value: T } | AccountRefusal

export const accepted = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

export const refused = (
  statusCode: 401 | 404 | 409 | 410 | 415 | 422,
  message: string,
  field?: string,
): AccountRefusal => ({ ok: false, statusCode, message, ...(field ? { field } : {}) })

export const locked = (retryAfterSeconds: number, message?: string): AccountRefusal => ({
  ok: false,
  statusCode: 429,
  retryAfterSeconds,
  ...(message ? { message } : {}),
})
