// Two-factor sign-in (decision 0020): a password alone no longer opens a session once TOTP is on; the sign-in answers
// a challenge, and POST /auth/login/two-factor opens the session with a right code. A wrong code is refused, a code
// already used (or an older one) never works again, and each recovery code works once. Turning it off needs the
// password and a code.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCodeAt } from '../../server/account/totp'
import {
  API_PREFIX,
  LoginAnswerSchema,
  LoginResponseSchema,
  RecoveryCodesResponseSchema,
  TWO_FACTOR_MESSAGES,
  TwoFactorSetupResponseSchema,
  isTwoFactorChallenge,
} from '../../src/domain/contract'
import { call } from './support/back-office'
import { customerWithPassword, login, ROOMY_ACCOUNT_RATE_LIMITS, userStatus } from './support/account'
import { createTestApp, movableClock } from './support/test-server'
import { refusal } from './support/trading'

const clock = movableClock()
let app: FastifyInstance
let holder: { id: number; email: string; password: string }
let token: string
let secret: string
let recoveryCodes: string[]

const STEP_MS = 30_000

async function challengeFor(credentials: { email: string; password: string }): Promise<string> {
  const response = await login(app, credentials)
  expect(response.statusCode, response.body).toBe(200)
  const answer = LoginAnswerSchema.parse(response.json())
  if (!isTwoFactorChallenge(answer)) throw new Error('expected a two-factor challenge')
  expect(answer.data.two_factor_required).toBe(true)
  return answer.data.challenge
}

const secondStep = (body: Record<string, string>) =>
  app.inject({ method: 'POST', url: `${API_PREFIX}/auth/login/two-factor`, payload: body })

beforeAll(async () => {
  app = await createTestApp({ now: clock.now, rateLimits: ROOMY_ACCOUNT_RATE_LIMITS })
  holder = await customerWithPassword(app)
  const response = await login(app, holder)
  token = LoginResponseSchema.parse(response.json()).data.token

  const setup = await call(app, token, 'POST', '/user/two-factor/setup', {})
  expect(setup.statusCode, setup.body).toBe(200)
  const { data } = TwoFactorSetupResponseSchema.parse(setup.json())
  secret = data.secret
  expect(data.otpauth_uri).toMatch(/^otpauth:\/\/totp\//)
  expect(data.otpauth_uri).toContain(`secret=${secret}`)
})
afterAll(async () => {
  await app?.close()
})

describe('turning two-factor on', () => {
  it('is not in force until confirmed: the password alone still signs in', async () => {
    const response = await login(app, holder)
    expect(LoginResponseSchema.safeParse(response.json()).success).toBe(true)
  })

  it('refuses a wrong confirmation code', async () => {
    const wrong = totpCodeAt(secret, clock.now()) === '000000' ? '111111' : '000000'
    const response = await call(app, token, 'POST', '/user/two-factor/enable', { code: wrong })
    expect(refusal(response, 422).errors?.code).toEqual([TWO_FACTOR_MESSAGES.CODE_WRONG])
  })

  it('answers 10 recovery codes once, with a right code', async () => {
    const response = await call(app, token, 'POST', '/user/two-factor/enable', {
      code: totpCodeAt(secret, clock.now()),
    })
    expect(response.statusCode, response.body).toBe(200)
    recoveryCodes = RecoveryCodesResponseSchema.parse(response.json()).data.recovery_codes
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)

    const again = await call(app, token, 'POST', '/user/two-factor/enable', { code: '123456' })
    expect(again.statusCode).toBe(409)
    const status = await call(app, token, 'GET', '/user/two-factor')
    expect(status.json()).toMatchObject({ data: { enabled: true, recovery_codes_left: 10 } })
    const user = await call(app, token, 'GET', '/user')
    expect(user.json()).toMatchObject({ data: { two_factor_enabled: true } })
  })
})

describe('signing in with two-factor on', () => {
  it('answers a challenge, not a token, for the right password', async () => {
    const response = await login(app, holder)
    expect(response.json()).not.toHaveProperty('data.token')
    await challengeFor(holder)
  })

  it('refuses a wrong code, and opens a session with a right one', async () => {
    clock.advance(STEP_MS)
    const challenge = await challengeFor(holder)
    const right = totpCodeAt(secret, clock.now())
    const wrong = right === '999999' ? '999998' : '999999'
    expect(refusal(await secondStep({ challenge, code: wrong }), 422).errors?.code).toEqual([
      TWO_FACTOR_MESSAGES.CODE_WRONG,
    ])

    const response = await secondStep({ challenge, code: right })
    expect(response.statusCode, response.body).toBe(200)
    const session = LoginResponseSchema.parse(response.json()).data
    expect(session.user.id).toBe(holder.id)
    expect(await userStatus(app, session.token)).toBe(200)

    // The challenge is spent with the sign-in: 410, and the code is not evaluated again.
    expect((await secondStep({ challenge, code: right })).statusCode).toBe(410)
  })

  it('refuses a code already used, and an older one, even within the window', async () => {
    clock.advance(STEP_MS)
    const code = totpCodeAt(secret, clock.now())
    const first = await secondStep({ challenge: await challengeFor(holder), code })
    expect(first.statusCode, first.body).toBe(200)

    const replay = await secondStep({ challenge: await challengeFor(holder), code })
    expect(refusal(replay, 422).errors?.code).toEqual([TWO_FACTOR_MESSAGES.CODE_WRONG])
    // The previous step's code is inside the ±1 window, but older than the one used.
    const older = totpCodeAt(secret, new Date(clock.now().getTime() - STEP_MS))
    if (older !== code) {
      expect((await secondStep({ challenge: await challengeFor(holder), code: older })).statusCode).toBe(422)
    }
  })

  it('accepts the next step within the window (a phone running 30 s ahead)', async () => {
    clock.advance(STEP_MS)
    const ahead = totpCodeAt(secret, new Date(clock.now().getTime() + STEP_MS))
    const response = await secondStep({ challenge: await challengeFor(holder), code: ahead })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('refuses a code two steps away', async () => {
    clock.advance(4 * STEP_MS)
    const far = totpCodeAt(secret, new Date(clock.now().getTime() + 2 * STEP_MS))
    const current = totpCodeAt(secret, clock.now())
    if (far !== current) {
      expect((await secondStep({ challenge: await challengeFor(holder), code: far })).statusCode).toBe(422)
    }
  })

  it('accepts each recovery code once, however it is typed', async () => {
    const [code] = recoveryCodes
    if (!code) throw new Error('no recovery code')
    const typed = ` ${code.toUpperCase().replace(/-/g, ' ')} `
    const response = await secondStep({ challenge: await challengeFor(holder), recovery_code: typed })
    expect(response.statusCode, response.body).toBe(200)

    const again = await secondStep({ challenge: await challengeFor(holder), recovery_code: code })
    expect(refusal(again, 422).errors?.recovery_code).toEqual([TWO_FACTOR_MESSAGES.RECOVERY_CODE_WRONG])
    const status = await call(app, token, 'GET', '/user/two-factor')
    expect(status.json()).toMatchObject({ data: { recovery_codes_left: 9 } })
  })

  it('lets a challenge take five wrong codes, then asks for the password again', async () => {
    const challenge = await challengeFor(holder)
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondStep({ challenge, recovery_code: 'not-a-code' })).statusCode).toBe(422)
    }
    clock.advance(STEP_MS)
    const response = await secondStep({ challenge, code: totpCodeAt(secret, clock.now()) })
    expect(refusal(response, 410).message).toBe(TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED)
  })

  it('refuses an expired challenge', async () => {
    const challenge = await challengeFor(holder)
    clock.advance(6 * 60_000)
    const response = await secondStep({ challenge, code: totpCodeAt(secret, clock.now()) })
    expect(response.statusCode).toBe(401)
  })

  it('records the wrong codes in the sign-in history', async () => {
    const history = await call(app, token, 'GET', '/user/sign-ins')
    const results = (history.json() as { data: Array<{ result: string }> }).data.map((entry) => entry.result)
    expect(results).toContain('two_factor_failed')
    expect(results).toContain('success')
  })
})

describe('turning two-factor off', () => {
  it('needs the password and a code', async () => {
    clock.advance(STEP_MS)
    const code = totpCodeAt(secret, clock.now())
    const wrongPassword = await call(app, token, 'POST', '/user/two-factor/disable', {
      password: 'not the password',
      code,
    })
    expect(refusal(wrongPassword, 422).errors).toHaveProperty('password')

    const response = await call(app, token, 'POST', '/user/two-factor/disable', {
      password: holder.password,
      code,
    })
    expect(response.statusCode, response.body).toBe(200)
    const signIn = await login(app, holder)
    expect(LoginResponseSchema.safeParse(signIn.json()).success).toBe(true)
  })
})
