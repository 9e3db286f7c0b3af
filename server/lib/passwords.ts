// Password hashing: argon2id with the OWASP Password Storage Cheat Sheet minimum (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2'

const ARGON2ID_OPTIONS = {
  // @node-rs/argon2 exports Algorithm as a const enum, which isolatedModules cannot read; 2 is Argon2id.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS)
}

let dummyHash: Promise<string> | undefined

/**
 * Verifies against the user's hash, or against a throwaway hash when there is no such user, so that an unknown
 * email costs the same time as a wrong password and answer timing does not reveal which accounts exist.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-only-equalises-timing')
  const target = passwordHash ?? (await dummyHash)
  try {
    const matches = await verify(target, password)
    return passwordHash !== undefined && matches
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false
  }
}
