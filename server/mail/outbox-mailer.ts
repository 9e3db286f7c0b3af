// The dev outbox: without SMTP_URL, every mail is a mail_outbox row that admins read in the back office. Awaited,
// so the mail is there when the request that sent it answers (tests and the e2e read it at once).
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { storeMail } from '../repositories/mail-outbox'
import type { Mailer } from './mailer'

export function createOutboxMailer(db: Db, log: FastifyBaseLogger, now: () => Date): Mailer {
  return {
    async send(mail) {
      try {
        await storeMail(db, mail, now())
      } catch (error) {
        log.error({ err: error, kind: mail.kind }, 'mail could not be stored in the outbox')
      }
    },
    close: async () => undefined,
  }
}
