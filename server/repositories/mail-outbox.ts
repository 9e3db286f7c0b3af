// The dev outbox as admins read it (GET /admin/outbox): newest first, a page at a time. Mails are written by
// mail/outbox-mailer.ts, through `storeMail`.
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Mail } from '../mail/mailer'

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>
export type OutboxRow = typeof mailOutbox.$inferSelect

/** One mail as the outbox keeps it. */
export async function storeMail(db: Pick<Db, 'insert'>, mail: Mail, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    kind: mail.kind,
    text: mail.text,
    html: mail.html ?? null,
    userId: mail.userId ?? null,
    createdAt: now,
  })
}

export function createMailOutboxRepository(db: Db) {
  return {
    async page(page: number, pageSize: number): Promise<{ rows: OutboxRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.$count(mailOutbox),
      ])
      return { rows, total }
    },

    async find(id: number): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      return row
    },
  }
}
