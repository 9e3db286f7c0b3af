// Real mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465) with nodemailer. Sending is not
// awaited by the request: an SMTP server can take seconds, and the answer of forgot-password must not tell, by its
// timing, whether a mail left. In-flight mails are awaited at shutdown.
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

export function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  const inFlight = new Set<Promise<void>>()
  return {
    send(mail) {
      const sending = transport
        .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .then(
          () => log.info({ kind: mail.kind, userId: mail.userId }, 'mail sent'),
          (error: unknown) =>
            log.error({ err: error, kind: mail.kind, userId: mail.userId }, 'mail not sent'),
        )
        .finally(() => inFlight.delete(sending))
      inFlight.add(sending)
      return Promise.resolve()
    },
    async close() {
      await Promise.allSettled([...inFlight])
      transport.close()
    },
  }
}
