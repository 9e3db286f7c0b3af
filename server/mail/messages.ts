// The mails the product sends (decision 0020), as plain text with a light HTML twin. Links are absolute when the
// server knows its public address (PUBLIC_URL), else same-site paths. Pure: everything they say is passed in.
import {
  EMAIL_CONFIRM_PATH,
  MAIL_KINDS,
  PASSWORD_RESET_LIFETIME_MINUTES,
  PASSWORD_RESET_PATH,
} from '../../src/domain/contract'
import type { Mail } from './mailer'

const SIGNATURE = '— The CFD Trader team'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Paragraphs as text and HTML; `link` becomes a button-like anchor in HTML. */
function body(paragraphs: string[], link?: { url: string; label: string }) {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), SIGNATURE].join('\n\n')
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${escapeHtml(SIGNATURE)}</p>`,
  ].join('\n')
  return { text, html }
}

const linkTo = (base: string, path: string, token: string) =>
  `${base.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`
export const passwordResetLink = (base: string, token: string) => linkTo(base, PASSWORD_RESET_PATH, token)
export const emailConfirmLink = (base: string, token: string) => linkTo(base, EMAIL_CONFIRM_PATH, token)

export function passwordResetMail(
  to: { email: string; firstName: string; userId: number },
  url: string,
): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: MAIL_KINDS.PASSWORD_RESET,
    subject: 'Reset your password',
    ...body(
      [
        `Hello ${to.firstName},`,
        `Someone (we hope you) asked to reset the password of your account. The link works once, for ${PASSWORD_RESET_LIFETIME_MINUTES} minutes.`,
        'If you did not ask for it, ignore this mail: your password stays as it is.',
      ],
      { url, label: 'Choose a new password' },
    ),
  }
}

export function emailChangeMail(
  to: { newEmail: string; firstName: string; userId: number },
  url: string,
): Mail {
  return {
    to: to.newEmail,
    userId: to.userId,
    kind: MAIL_KINDS.EMAIL_CHANGE,
    subject: 'Confirm your new email address',
    ...body(
      [
        `Hello ${to.firstName},`,
        'Open the link below to make this your sign-in address. It works once, for 24 hours.',
        'If you did not ask for this, ignore this mail: nothing changes.',
      ],
      { url, label: 'Confirm this address' },
    ),
  }
}

export function emailChangedMail(
  to: { oldEmail: string; firstName: string; userId: number },
  newEmail: string,
): Mail {
  return {
    to: to.oldEmail,
    userId: to.userId,
    kind: MAIL_KINDS.EMAIL_CHANGED,
    subject: 'Your email address was changed',
    ...body([
      `Hello ${to.firstName},`,
      `The sign-in address of your account is now ${newEmail}.`,
      'If you did not do this, contact support at once.',
    ]),
  }
}

export function passwordChangedMail(
  to: { email: string; firstName: string; userId: number },
  how: 'changed' | 'reset',
): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: MAIL_KINDS.PASSWORD_CHANGED,
    subject: 'Your password was changed',
    ...body([
      `Hello ${to.firstName},`,
      how === 'reset'
        ? 'Your password was reset and every session was signed out.'
        : 'Your password was changed and every other session was signed out.',
      'If you did not do this, reset your password and contact support at once.',
    ]),
  }
}

export function newDeviceSignInMail(
  to: { email: string; firstName: string; userId: number },
  sign: { device: string; ip: string | null; at: Date },
): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: MAIL_KINDS.NEW_DEVICE_SIGN_IN,
    subject: 'New sign-in to your account',
    ...body([
      `Hello ${to.firstName},`,
      `Your account was signed in from a device we had not seen: ${sign.device}, address ${sign.ip ?? 'unknown'}, at ${sign.at.toUTCString()}.`,
      'If this was you, nothing needs doing. If not, change your password and sign out the session under Settings, Sessions.',
    ]),
  }
}

export interface WithdrawalStatusMail {
  email: string
  firstName: string
  userId: number
  /** e.g. 'approved', 'rejected', 'paid'. */
  status: string
  amountUsd: string
  reference?: string
  reason?: string | null
}

export function withdrawalStatusMail(withdrawal: WithdrawalStatusMail): Mail {
  const reference = withdrawal.reference ? ` (reference ${withdrawal.reference})` : ''
  return {
    to: withdrawal.email,
    userId: withdrawal.userId,
    kind: MAIL_KINDS.WITHDRAWAL_STATUS,
    subject: `Your withdrawal is ${withdrawal.status}`,
    ...body([
      `Hello ${withdrawal.firstName},`,
      `Your withdrawal of ${withdrawal.amountUsd} USD${reference} is ${withdrawal.status}.`,
      ...(withdrawal.reason ? [`Reason: ${withdrawal.reason}`] : []),
    ]),
  }
}
