// Mail (decision 0020): without SMTP_URL every mail lands in the dev outbox that admins read (GET /admin/outbox). A
// password reset mails a single-use link that expires after 30 minutes and signs out every session; an e-mail change
// takes effect only through the link mailed to the new address; a sign-in from a device the account has not used
// lately is announced by mail.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_MESSAGES,
  API_PREFIX,
  FORGOT_PASSWORD_MESSAGE,
  MAIL_KINDS,
  OutboxMailResponseSchema,
  OutboxResponseSchema,
  ProfileResponseSchema,
} from '../../src/domain/contract'
import {
  CHROME_ON_WINDOWS,
  customerWithPassword,
  FIREFOX_ON_LINUX,
  latestMails,
  login,
  ROOMY_ACCOUNT_RATE_LIMITS,
  SAFARI_ON_IPHONE,
  signedIn,
  tokenInMail,
  userStatus,
} from './support/account'
import { call } from './support/back-office'
import { createTestApp, DEMO_ADMIN, loginToken, movableClock } from './support/test-server'
import { refusal } from './support/trading'

const clock = movableClock()
let app: FastifyInstance
let adminToken: string

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `${API_PREFIX}${url}`, payload })

async function lastMailTo(address: string) {
  const mail = (await latestMails(app)).find((row) => row.to === address)
  if (!mail) throw new Error(`no mail to ${address}`)
  return mail
}

beforeAll(async () => {
  app = await createTestApp({
    now: clock.now,
    rateLimits: ROOMY_ACCOUNT_RATE_LIMITS,
    mail: { publicUrl: 'https://trade.example.com/' },
  })
  adminToken = await loginToken(app, DEMO_ADMIN)
})
afterAll(async () => {
  await app?.close()
})

describe('password reset', () => {
  async function askForReset(email: string): Promise<string> {
    const response = await post('/auth/forgot-password', { email })
    expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE })
    const mail = await lastMailTo(email)
    expect(mail.kind).toBe(MAIL_KINDS.PASSWORD_RESET)
    expect(mail.text).toContain('https://trade.example.com/reset-password?token=')
    return tokenInMail(mail.text)
  }

  it('mails a link that works once and signs out every session', async () => {
    const holder = await customerWithPassword(app)
    const sessions = [await signedIn(app, holder), await signedIn(app, holder, SAFARI_ON_IPHONE)]
    const token = await askForReset(holder.email)
    const body = { token, password: 'BrandNew555!', password_confirmation: 'BrandNew555!' }

    const response = await post('/auth/reset-password', body)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.PASSWORD_RESET })
    for (const session of sessions) expect(await userStatus(app, session)).toBe(401)
    expect((await login(app, holder)).statusCode).toBe(401)
    expect((await login(app, { email: holder.email, password: 'BrandNew555!' })).statusCode).toBe(200)

    const again = await post('/auth/reset-password', {
      ...body,
      password: 'Another555!',
      password_confirmation: 'Another555!',
    })
    expect(refusal(again, 422).errors?.token).toEqual([ACCOUNT_MESSAGES.RESET_TOKEN_INVALID])
    expect((await login(app, { email: holder.email, password: 'BrandNew555!' })).statusCode).toBe(200)
  })

  it('refuses a link older than 30 minutes', async () => {
    const holder = await customerWithPassword(app)
    const token = await askForReset(holder.email)
    clock.advance(31 * 60_000)
    const response = await post('/auth/reset-password', {
      token,
      password: 'BrandNew555!',
      password_confirmation: 'BrandNew555!',
    })
    expect(refusal(response, 422).errors).toHaveProperty('token')
    expect((await login(app, holder)).statusCode).toBe(200)
  })

  it('says the same for an unknown address and mails nothing', async () => {
    const before = (await latestMails(app, 1))[0]?.id ?? 0
    const response = await post('/auth/forgot-password', { email: 'nobody-here@example.com' })
    expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE })
    expect((await latestMails(app, 1))[0]?.id ?? 0).toBe(before)
  })
})

describe('e-mail change', () => {
  it('changes the address only once the link mailed to the new one is opened', async () => {
    const holder = await customerWithPassword(app)
    const token = await signedIn(app, holder)
    const newEmail = `renamed-${holder.id}@example.com`

    const wrongPassword = await call(app, token, 'POST', '/user/email', { email: newEmail, password: 'nope' })
    expect(refusal(wrongPassword, 422).errors).toHaveProperty('password')
    const taken = await call(app, token, 'POST', '/user/email', {
      email: DEMO_ADMIN.email,
      password: holder.password,
    })
    expect(taken.statusCode).toBe(409)

    const response = await call(app, token, 'POST', '/user/email', {
      email: newEmail,
      password: holder.password,
    })
    expect(response.statusCode, response.body).toBe(200)
    const profile = ProfileResponseSchema.parse((await call(app, token, 'GET', '/user/profile')).json()).data
    expect(profile).toMatchObject({ email: holder.email, pending_email: newEmail })

    const mail = await lastMailTo(newEmail)
    expect(mail.kind).toBe(MAIL_KINDS.EMAIL_CHANGE)
    const confirmation = tokenInMail(mail.text)
    const confirmed = await post('/user/email/confirm', { token: confirmation })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toMatchObject({ data: { email: newEmail } })
    expect((await lastMailTo(holder.email)).kind).toBe(MAIL_KINDS.EMAIL_CHANGED)

    expect((await post('/user/email/confirm', { token: confirmation })).statusCode).toBe(422)
    expect((await login(app, { email: newEmail, password: holder.password })).statusCode).toBe(200)
    expect((await login(app, holder)).statusCode).toBe(401)
  })
})

describe('new-device sign-in alert', () => {
  it('mails when a browser or network the account has not used lately signs in, and not otherwise', async () => {
    const holder = await customerWithPassword(app)
    const mailsTo = async () => (await latestMails(app, 200)).filter((row) => row.to === holder.email)
    await signedIn(app, holder, CHROME_ON_WINDOWS, '198.51.100.20')
    await signedIn(app, holder, CHROME_ON_WINDOWS, '198.51.100.21')
    expect(await mailsTo()).toHaveLength(0)

    await signedIn(app, holder, FIREFOX_ON_LINUX, '198.51.100.20')
    const [alert] = await mailsTo()
    expect(alert?.kind).toBe(MAIL_KINDS.NEW_DEVICE_SIGN_IN)
    expect(alert?.text).toContain('Firefox 125 on Linux')

    await signedIn(app, holder, CHROME_ON_WINDOWS, '203.0.113.50')
    expect(await mailsTo()).toHaveLength(2)
  })
})

describe('GET /admin/outbox', () => {
  it('lists every mail newest first for admins, with each one readable', async () => {
    const response = await call(app, adminToken, 'GET', '/admin/outbox')
    expect(response.statusCode, response.body).toBe(200)
    const { data, meta } = OutboxResponseSchema.parse(response.json())
    const kinds = new Set(data.map((mail) => mail.kind))
    for (const kind of [
      MAIL_KINDS.PASSWORD_RESET,
      MAIL_KINDS.PASSWORD_CHANGED,
      MAIL_KINDS.EMAIL_CHANGE,
      MAIL_KINDS.EMAIL_CHANGED,
      MAIL_KINDS.NEW_DEVICE_SIGN_IN,
    ]) {
      expect(kinds).toContain(kind)
    }
    expect(meta.total).toBeGreaterThanOrEqual(data.length)
    const ids = data.map((mail) => mail.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))

    const [newest] = data
    if (!newest) throw new Error('empty outbox')
    const one = await call(app, adminToken, 'GET', `/admin/outbox/${newest.id}`)
    expect(OutboxMailResponseSchema.parse(one.json()).data).toMatchObject({ id: newest.id, to: newest.to })
    expect((await call(app, adminToken, 'GET', '/admin/outbox/999999')).statusCode).toBe(404)
  })

  it('is for admins only', async () => {
    const token = await signedIn(app, await customerWithPassword(app))
    expect((await call(app, token, 'GET', '/admin/outbox')).statusCode).toBe(403)
    expect((await app.inject({ url: `${API_PREFIX}/admin/outbox` })).statusCode).toBe(401)
  })
})
