// The Mailer seam (docs/architecture.md#money-requests-files-and-mail): what the product sends goes through `send`,
// whatever carries it. Without SMTP_URL mails land in the dev outbox (the mail_outbox table, read by admins at
// /admin/outbox); with it, nodemailer sends them. A real provider is another Mailer picked in mail/index.ts, nothing
// else changes.
import type { MailKind } from '../../src/domain/contract'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  kind: MailKind
  /** Whose account the mail is about (kept with the outbox copy). */
  userId?: number
}

export interface Mailer {
  /** Never rejects: a mail that cannot be sent is logged, and the action that caused it stands. */
  send(mail: Mail): Promise<void>
  /** Waits for mails still being handed over (SMTP), at shutdown. */
  close(): Promise<void>
}
