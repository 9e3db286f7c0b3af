// Mail for the app (decision 0020): `app.mailer` is the outbox or SMTP by configuration. The funds
// cashier mails withdrawal states through it (server/funds/withdrawal-mail.ts).
import type { FastifyInstance } from 'fastify'
import type { Mailer } from './mailer'
import { createOutboxMailer } from './outbox-mailer'
import { createSmtpMailer } from './smtp-mailer'

export interface MailOptions {
  /** smtp://… or smtps://…: real mail through nodemailer; unset: the dev outbox in the database. */
  smtpUrl?: string
  /** The From header (MAIL_FROM). */
  from?: string
  /** The page's public origin for links in mails (PUBLIC_URL); unset: same-site paths. */
  publicUrl?: string
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
    /** Where links in mails point: PUBLIC_URL without a trailing slash, or '' (same-site paths). */
    mailLinkBase: string
  }
}

export const DEFAULT_MAIL_FROM = 'CFD Trader <no-reply@localhost>'

export function registerMail(app: FastifyInstance, options: MailOptions = {}): void {
  const mailer = options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from ?? DEFAULT_MAIL_FROM, app.log)
    : createOutboxMailer(app.db, app.log, () => app.now())
  app.decorate('mailer', mailer)
  app.decorate('mailLinkBase', (options.publicUrl ?? '').replace(/\/+$/, ''))
  app.addHook('onClose', () => mailer.close())
}

export type { Mail, Mailer } from './mailer'
