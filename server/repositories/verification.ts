// Verification (KYC) documents (decision 0020): the customer's uploads and what the back office decided. Each row is
// a request of the one queue (back-office/request-types.ts, type `verification`); at most one per type waits for
// review (a partial unique index), so a double click files one.
import { and, desc, eq } from 'drizzle-orm'
import type { VerificationDocumentType } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { uniqueViolation } from '../db/errors'
import { users, verificationDocuments } from '../db/schema'
import { verificationLevel } from '../../src/domain/account/verification-levels'

export type VerificationRepository = ReturnType<typeof createVerificationRepository>
export type VerificationDocumentRow = typeof verificationDocuments.$inferSelect

export interface NewVerificationDocument {
  userId: number
  type: VerificationDocumentType
  kind: string | null
  storageKey: string
  fileName: string
  mimeType: string
  sizeBytes: number
  issuedOn: string | null
  now: Date
}

export function createVerificationRepository(db: Db) {
  return {
    /** The new pending document, or 'pending' when one of that type already waits. */
    async create(document: NewVerificationDocument): Promise<VerificationDocumentRow | 'pending'> {
      const { now, ...values } = document
      try {
        const [row] = await db
          .insert(verificationDocuments)
          .values({ ...values, status: 'pending', createdAt: now })
          .returning()
        if (!row) throw new Error('insert into verification_documents returned no row')
        return row
      } catch (error) {
        if (uniqueViolation(error) === 'verification_documents_one_pending') return 'pending'
        throw error
      }
    },

    /** The user's documents, newest first. */
    listForUser(userId: number): Promise<VerificationDocumentRow[]> {
      return db
        .select()
        .from(verificationDocuments)
        .where(eq(verificationDocuments.userId, userId))
        .orderBy(desc(verificationDocuments.createdAt), desc(verificationDocuments.id))
        .limit(200)
    },

    /** One of the user's documents; undefined for anyone else's. */
    async findForUser(id: number, userId: number): Promise<VerificationDocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationDocuments)
        .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.userId, userId)))
      return row
    },

    /** The user's verification level now (withdrawals need 2); 0 for a user that does not exist. */
    async levelOf(userId: number, now: Date): Promise<number> {
      const [[user], approved] = await Promise.all([
        db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)),
        db
          .select({
            type: verificationDocuments.type,
            status: verificationDocuments.status,
            issuedOn: verificationDocuments.issuedOn,
            createdAt: verificationDocuments.createdAt,
          })
          .from(verificationDocuments)
          .where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.status, 'approved'))),
      ])
      return user ? verificationLevel({ email: user.email, phone: user.phone, documents: approved }, now) : 0
    },

    async findById(id: number): Promise<VerificationDocumentRow | undefined> {
      const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id))
      return row
    },
  }
}
