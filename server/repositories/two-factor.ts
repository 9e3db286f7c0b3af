// Two-factor sign-in (decision 0020): the TOTP secret on the user row (pending until confirmed), the last time step
// used (a code works once), single-use recovery codes (sha256 only), and the sign-in challenges that sit between a
// right password and a right code. Every "once" is a conditional UPDATE, so two racing requests cannot both succeed.
import { createHash } from 'node:crypto'
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { TWO_FACTOR } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { twoFactorChallenges, twoFactorRecoveryCodes, users } from '../db/schema'
import { hashToken, isWellFormedToken, newToken } from '../lib/tokens'

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>

/** The stored form of a normalised recovery code: salted with the user, so equal codes of two users differ. */
export function recoveryCodeHash(userId: number, normalisedCode: string): string {
  return createHash('sha256').update(`${userId}:${normalisedCode}`).digest('hex')
}

const CHALLENGE_LIFETIME_MS = TWO_FACTOR.CHALLENGE_LIFETIME_MINUTES * 60 * 1000

export interface ChallengeRow {
  id: number
  userId: number
  attempts: number
  expiresAt: Date
}

export function createTwoFactorRepository(db: Db) {
  return {
    /** A new secret waiting for its first code; replaces one set up earlier and never confirmed. */
    async setPendingSecret(userId: number, secret: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ twoFactorPendingSecret: secret })
        .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
        .returning({ id: users.id })
      return rows.length > 0
    },

    /**
     * Turns two-factor on with the pending secret, the step of the code that confirmed it and fresh recovery codes
     * (their hashes). False when it was already on or nothing was pending.
     */
    async enable(
      userId: number,
      pendingSecret: string,
      step: number,
      codeHashes: string[],
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({
            twoFactorSecret: pendingSecret,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: now,
            twoFactorLastStep: step,
          })
          .where(
            and(
              eq(users.id, userId),
              isNull(users.twoFactorEnabledAt),
              eq(users.twoFactorPendingSecret, pendingSecret),
            ),
          )
          .returning({ id: users.id })
        if (rows.length === 0) return false
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
        await tx
          .insert(twoFactorRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
        return true
      })
    },

    async disable(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            twoFactorSecret: null,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: null,
            twoFactorLastStep: null,
          })
          .where(eq(users.id, userId))
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId))
      })
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
        await tx
          .insert(twoFactorRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
      })
    },

    /**
     * Records `step` as used when it is later than the last one: true once per step, whoever races. A code for
     * this step or an earlier one is refused from then on.
     */
    async useStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ twoFactorLastStep: step })
        .where(
          and(
            eq(users.id, userId),
            isNotNull(users.twoFactorEnabledAt),
            or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
          ),
        )
        .returning({ id: users.id })
      return rows.length > 0
    },

    /** Marks an unused recovery code used; false when there is none such. */
    async useRecoveryCode(userId: number, normalisedCode: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(userId, normalisedCode)),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id })
      return rows.length > 0
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
      return row?.left ?? 0
    },

    // ---- sign-in challenges ---------------------------------------------------------------------------------

    async issueChallenge(userId: number, now: Date): Promise<{ challenge: string; expiresAt: Date }> {
      const challenge = newToken()
      const expiresAt = new Date(now.getTime() + CHALLENGE_LIFETIME_MS)
      await db
        .insert(twoFactorChallenges)
        .values({ tokenHash: hashToken(challenge), userId, expiresAt, createdAt: now })
      // A user's spent challenges say nothing any more.
      await db
        .delete(twoFactorChallenges)
        .where(and(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, now)))
      return { challenge, expiresAt }
    },

    /**
     * Takes one of the challenge's tries, when it is unused, unexpired and has one left, before the code is looked
     * at: one conditional UPDATE, so of any number of parallel codes only CHALLENGE_MAX_ATTEMPTS are ever checked
     * (decision 0033). A right code spends the challenge (useChallenge); the try is not given back.
     */
    async takeChallengeTry(challenge: string, now: Date): Promise<ChallengeRow | undefined> {
      if (!isWellFormedToken(challenge)) return undefined
      const [row] = await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, hashToken(challenge)),
            isNull(twoFactorChallenges.usedAt),
            gt(twoFactorChallenges.expiresAt, now),
            lt(twoFactorChallenges.attempts, TWO_FACTOR.CHALLENGE_MAX_ATTEMPTS),
          ),
        )
        .returning({
          id: twoFactorChallenges.id,
          userId: twoFactorChallenges.userId,
          attempts: twoFactorChallenges.attempts,
          expiresAt: twoFactorChallenges.expiresAt,
        })
      return row
    },

    /**
     * Why a challenge took no try: 'spent' when it is still unexpired but used or out of tries (the answer is 410,
     * so no code is evaluated and the client asks for the password again), otherwise 'unknown' (unknown or
     * expired: 401). Read after the refused UPDATE, for the answer only; it decides nothing.
     */
    async challengeRefusal(challenge: string, now: Date): Promise<'spent' | 'unknown'> {
      if (!isWellFormedToken(challenge)) return 'unknown'
      const [row] = await db
        .select({ id: twoFactorChallenges.id })
        .from(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, hashToken(challenge)),
            gt(twoFactorChallenges.expiresAt, now),
          ),
        )
      return row ? 'spent' : 'unknown'
    },

    /** Spends the challenge; false when another request spent it first. */
    async useChallenge(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorChallenges)
        .set({ usedAt: now })
        .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.id })
      return rows.length > 0
    },
  }
}
