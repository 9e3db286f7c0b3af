// Opaque bearer tokens: 256 random bits for the client, only their sha256 in the database, so a leaked table
// cannot be replayed.
import { createHash, randomBytes } from 'node:crypto'

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Cheap shape check so garbage never reaches the database. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token)
}
