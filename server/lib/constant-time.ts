// Comparing secrets (signatures, API keys) in constant time, so response timing reveals nothing of the expected
// value. Both sides are hashed first: timingSafeEqual needs equal lengths, and the length must not leak either.
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

export function equalsInConstantTime(actual: string, expected: string): boolean {
  return timingSafeEqual(digest(actual), digest(expected))
}
