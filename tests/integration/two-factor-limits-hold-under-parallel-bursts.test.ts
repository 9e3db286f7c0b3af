// Regression (security probe, second round): on PostgreSQL, parallel requests got past every counted limit of the
// sign-in, because each read its count, checked the secret and only then wrote the failure. 150 codes on one
// challenge (5 tries) had 83 evaluated and the right one, sent 76th, signed in; 100 wrong codes over 20 challenges
// were all evaluated against an account budget of 10. Turning two-factor off and renewing the recovery codes were
// counted by nothing but the per-address rate limit, and ten wrong codes from anyone locked the owner out.
// Every check now reserves its failure before it runs (decision 0033). Evaluations are counted from outside: each
// wrong second factor is a row of the sign-in history, each wrong password a `failure` row or a 422. Runs on PGlite
// and, when one answers, on PostgreSQL, where the requests really run side by side.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECOND_FACTOR_LOCK, SESSION_PASSWORD_LOCK } from '../../server/account/secret-checks'
import { totpCodeAt } from '../../server/account/totp'
import { authTokens, signInEvents } from '../../server/db/schema'
import { LOGIN_LOCK } from '../../server/repositories/login-failures'
import {
  ACCOUNT_LOCKED_MESSAGE,
  API_PREFIX,
  ApiErrorSchema,
  LoginAnswerSchema,
  LoginResponseSchema,
  SIGN_IN_RESULTS,
  TWO_FACTOR,
  TwoFactorSetupResponseSchema,
  isTwoFactorChallenge,
  type SignInResult,
} from '../../src/domain/contract'
import { CHROME_ON_WINDOWS, customerWithPassword, ROOMY_ACCOUNT_RATE_LIMITS } from './support/account'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { bearer, createTestApp, movableClock } from './support/test-server'

const STEP_MS = TWO_FACTOR.PERIOD_SECONDS * 1000
const BURST = 60
/** Parallel requests that each hold a place in a password count at once: fewer than its lock allows. */
const WAVE = SESSION_PASSWORD_LOCK.MAX_FAILURES - 2

const pgAvailable = await postgresReachable('two-factor-limits-hold-under-parallel-bursts')
const engines = [
  { name: 'PGlite', postgres: false },
  ...(pgAvailable ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

/** Strangers' addresses (TEST-NET-3), none of which the account ever signed in from. */
const strangerAddress = (n: number) => `203.0.113.${(n % 250) + 1}`

describe.each(engines)('on $name', ({ postgres }) => {
  const clock = movableClock()
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let homes = 0

  beforeAll(async () => {
    if (postgres) database = await createThrowawayDatabase()
    app = await createTestApp({
      now: clock.now,
      // The per-address rate limits are not the subject: out of the way, so only the locks can refuse.
      rateLimits: ROOMY_ACCOUNT_RATE_LIMITS,
      // Each request names its client in X-Forwarded-For, as a proxy in front of the server would.
      trustProxy: true,
      ...(database ? { databaseUrl: database.url } : {}),
    })
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  const from = (address: string) => ({ 'x-forwarded-for': address, 'user-agent': CHROME_ON_WINDOWS })

  const post = (url: string, payload: unknown, address: string, token?: string) =>
    app.inject({
      method: 'POST',
      url: `${API_PREFIX}${url}`,
      payload: payload as Record<string, unknown>,
      headers: { ...from(address), ...(token ? bearer(token) : {}) },
    })

  /** A customer with two-factor on, signed in once from their home address before (so it is their own). */
  async function holderWithTwoFactor() {
    homes += 1
    const home = `192.0.2.${homes}`
    const holder = await customerWithPassword(app)
    const signIn = await post('/auth/login', holder, home)
    expect(signIn.statusCode, signIn.body).toBe(200)
    const token = LoginResponseSchema.parse(signIn.json()).data.token
    const setup = await post('/user/two-factor/setup', {}, home, token)
    const { secret } = TwoFactorSetupResponseSchema.parse(setup.json()).data
    const enabled = await post(
      '/user/two-factor/enable',
      { code: totpCodeAt(secret, clock.now()) },
      home,
      token,
    )
    expect(enabled.statusCode, enabled.body).toBe(200)
    return { ...holder, home, token, secret }
  }
  type Holder = Awaited<ReturnType<typeof holderWithTwoFactor>>

  /** The app's code of a time step later than any used so far. */
  function nextRightCode(holder: Holder): string {
    clock.advance(STEP_MS)
    return totpCodeAt(holder.secret, clock.now())
  }

  /** Six-digit codes that no step within the accepted window has. */
  function wrongCodes(holder: Holder, count: number): string[] {
    const valid = new Set(
      [-1, 0, 1].map((steps) => totpCodeAt(holder.secret, new Date(clock.now().getTime() + steps * STEP_MS))),
    )
    const codes: string[] = []
    for (let n = 0; codes.length < count; n += 1) {
      const code = String(n).padStart(6, '0')
      if (!valid.has(code)) codes.push(code)
    }
    return codes
  }

  async function challengeFor(holder: Holder, address: string): Promise<string> {
    const response = await post('/auth/login', holder, address)
    expect(response.statusCode, response.body).toBe(200)
    const answer = LoginAnswerSchema.parse(response.json())
    if (!isTwoFactorChallenge(answer)) throw new Error('expected a two-factor challenge')
    return answer.data.challenge
  }

  /** Rows of the sign-in history with this result: every evaluated wrong secret leaves one. */
  const historyCount = (holder: Holder, result: SignInResult) =>
    app.db.$count(signInEvents, and(eq(signInEvents.userId, holder.id), eq(signInEvents.result, result)))
  const sessionCount = (holder: Holder) => app.db.$count(authTokens, eq(authTokens.userId, holder.id))

  const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode)
  const countOf = (responses: LightMyRequestResponse[], status: number) =>
    statuses(responses).filter((code) => code === status).length

  const twoFactorEnabled = async (holder: Holder) => {
    const response = await app.inject({
      url: `${API_PREFIX}/user/two-factor`,
      headers: { ...from(holder.home), ...bearer(holder.token) },
    })
    return (response.json() as { data: { enabled: boolean } }).data.enabled
  }

  it('evaluates no more than a challenge’s tries of a parallel burst, and the right code inside it does not sign in', async () => {
    const holder = await holderWithTwoFactor()
    const challenge = await challengeFor(holder, strangerAddress(0))
    const right = nextRightCode(holder)
    const codes = wrongCodes(holder, BURST)
    // The right code is sent 41st, as in the probe's reproduction.
    codes.splice(40, 0, right)
    const failedBefore = await historyCount(holder, SIGN_IN_RESULTS.TWO_FACTOR_FAILED)
    const sessionsBefore = await sessionCount(holder)

    const responses = await Promise.all(
      codes.map((code, n) => post('/auth/login/two-factor', { challenge, code }, strangerAddress(n % 30))),
    )

    const evaluated = (await historyCount(holder, SIGN_IN_RESULTS.TWO_FACTOR_FAILED)) - failedBefore
    expect(evaluated).toBeLessThanOrEqual(TWO_FACTOR.CHALLENGE_MAX_ATTEMPTS)
    expect(countOf(responses, 422)).toBe(evaluated)
    expect(responses[40]?.statusCode, responses[40]?.body).not.toBe(200)
    expect(countOf(responses, 200)).toBe(0)
    expect(await sessionCount(holder)).toBe(sessionsBefore)
    // Every try beyond the challenge's own is refused unseen with 410: the challenge is spent.
    expect(countOf(responses, 410)).toBe(codes.length - evaluated)
  })

  it('evaluates at most the account’s budget of 100 wrong codes over 20 challenges from 20 addresses; the owner at home still signs in', async () => {
    const holder = await holderWithTwoFactor()
    const challenges = await Promise.all(
      Array.from({ length: 20 }, (_, n) => challengeFor(holder, strangerAddress(n))),
    )
    const codes = wrongCodes(holder, TWO_FACTOR.CHALLENGE_MAX_ATTEMPTS)
    const failedBefore = await historyCount(holder, SIGN_IN_RESULTS.TWO_FACTOR_FAILED)

    const responses = await Promise.all(
      challenges.flatMap((challenge, n) =>
        codes.map((code) => post('/auth/login/two-factor', { challenge, code }, strangerAddress(n))),
      ),
    )

    const evaluated = (await historyCount(holder, SIGN_IN_RESULTS.TWO_FACTOR_FAILED)) - failedBefore
    expect(responses).toHaveLength(100)
    expect(evaluated).toBeLessThanOrEqual(SECOND_FACTOR_LOCK.MAX_FAILURES)
    expect(countOf(responses, 422)).toBe(evaluated)
    expect(countOf(responses, 429)).toBe(responses.length - evaluated)
    const locked = responses.find((response) => response.statusCode === 429)
    expect(ApiErrorSchema.parse(locked?.json()).message).toBe(ACCOUNT_LOCKED_MESSAGE)

    // The strangers' shared budget is spent: even a right code from a new address is refused unseen...
    const strangerTry = await post(
      '/auth/login/two-factor',
      { challenge: await challengeFor(holder, strangerAddress(99)), code: nextRightCode(holder) },
      strangerAddress(99),
    )
    expect(strangerTry.statusCode, strangerTry.body).toBe(429)
    // ...while the owner, at the address they signed in from before, signs in with theirs.
    const owner = await post(
      '/auth/login/two-factor',
      { challenge: await challengeFor(holder, holder.home), code: nextRightCode(holder) },
      holder.home,
    )
    expect(owner.statusCode, owner.body).toBe(200)
    expect(LoginResponseSchema.parse(owner.json()).data.user.id).toBe(holder.id)
  })

  it('locks a lane for 15 minutes at its tenth wrong code, then doubles the lock at each further one', async () => {
    const holder = await holderWithTwoFactor()
    const stranger = strangerAddress(120)
    /** One wrong code on a fresh challenge; answers the status and, when locked, the seconds to wait. */
    const wrongTry = async () => {
      const challenge = await challengeFor(holder, stranger)
      const [code = ''] = wrongCodes(holder, 1)
      const response = await post('/auth/login/two-factor', { challenge, code }, stranger)
      return { status: response.statusCode, retryAfter: Number(response.headers['retry-after']) }
    }
    for (let n = 1; n < SECOND_FACTOR_LOCK.MAX_FAILURES; n += 1) expect((await wrongTry()).status).toBe(422)
    for (const lock of [1, 2, 4].map((factor) => (factor * SECOND_FACTOR_LOCK.FIRST_LOCK_MS) / 1000)) {
      // The failure that earns the lock is evaluated; the next attempt is not.
      expect((await wrongTry()).status).toBe(422)
      const refused = await wrongTry()
      expect(refused.status).toBe(429)
      expect(refused.retryAfter).toBeGreaterThan(lock - 5)
      expect(refused.retryAfter).toBeLessThanOrEqual(lock)
      clock.advance(refused.retryAfter * 1000 + 1000)
    }
  })

  it('evaluates no more wrong passwords of a parallel burst than the sign-in lock allows', async () => {
    const holder = await holderWithTwoFactor()
    const address = strangerAddress(150)
    const passwords = Array.from({ length: BURST }, (_, n) => `Wrong-password-${n}`)
    // The right password, sent 41st: beyond the lock, it must not even be looked at.
    passwords.splice(40, 0, holder.password)
    const failuresBefore = await historyCount(holder, SIGN_IN_RESULTS.FAILURE)

    const responses = await Promise.all(
      passwords.map((password) => post('/auth/login', { email: holder.email, password }, address)),
    )

    const evaluated = (await historyCount(holder, SIGN_IN_RESULTS.FAILURE)) - failuresBefore
    expect(evaluated).toBeLessThanOrEqual(LOGIN_LOCK.MAX_FAILURES)
    expect(countOf(responses, 401)).toBe(evaluated)
    expect(responses[40]?.statusCode, responses[40]?.body).toBe(429)
    expect(countOf(responses, 429)).toBe(responses.length - evaluated)
  })

  it('evaluates no more wrong current passwords of a parallel burst inside one session than its lock allows', async () => {
    const holder = await holderWithTwoFactor()
    const attempts = Array.from({ length: BURST }, (_, n) => ({
      current_password: `Wrong-password-${n}`,
      password: 'A-new-password-1',
      password_confirmation: 'A-new-password-1',
    }))
    // From many addresses, with the session's token: the session is what is counted.
    const responses = await Promise.all(
      attempts.map((body, n) => post('/user/password', body, strangerAddress(n), holder.token)),
    )
    // A 422 is a password that was checked; a 429 one that was not.
    expect(countOf(responses, 422)).toBeLessThanOrEqual(SESSION_PASSWORD_LOCK.MAX_FAILURES)
    expect(countOf(responses, 429)).toBe(responses.length - countOf(responses, 422))
    const changed = await post(
      '/user/password',
      {
        current_password: holder.password,
        password: 'A-new-password-1',
        password_confirmation: 'A-new-password-1',
      },
      holder.home,
      holder.token,
    )
    expect(changed.statusCode, changed.body).toBe(429)
  })

  it('counts turning two-factor off and renewing the recovery codes into the same budget, in the sign-in history; the owner’s other device still can', async () => {
    const holder = await holderWithTwoFactor()
    // A second device of the owner's, signed in with a code at home.
    const phone = await post(
      '/auth/login/two-factor',
      { challenge: await challengeFor(holder, holder.home), code: nextRightCode(holder) },
      holder.home,
    )
    expect(phone.statusCode, phone.body).toBe(200)
    const phoneToken = LoginResponseSchema.parse(phone.json()).data.token

    const codes = wrongCodes(holder, 3 * WAVE)
    const failedBefore = await historyCount(holder, SIGN_IN_RESULTS.TWO_FACTOR_FAILED)
    // The first session, as a thief holding it and the password would: from many addresses, both routes at once,
    // in parallel waves. Each request holds a place in the session's password count until its right password
    // gives it back, so a wave stays below that lock and only the second factor's budget can refuse.
    const responses: LightMyRequestResponse[] = []
    for (let start = 0; start < codes.length; start += WAVE) {
      const wave = codes
        .slice(start, start + WAVE)
        .map((code, n) =>
          post(
            n % 2 === 0 ? '/user/two-factor/disable' : '/user/two-factor/recovery-codes',
            { password: holder.password, code },
            strangerAddress(start + n),
            holder.token,
          ),
        )
      responses.push(...(await Promise.all(wave)))
    }

    const evaluated = (await historyCount(holder, SIGN_IN_RESULTS.TWO_FACTOR_FAILED)) - failedBefore
    expect(evaluated).toBeLessThanOrEqual(SECOND_FACTOR_LOCK.MAX_FAILURES)
    expect(countOf(responses, 422)).toBe(evaluated)
    expect(countOf(responses, 429)).toBe(responses.length - evaluated)
    // Both routes drew on the one budget: once it is spent, neither evaluates, whichever is asked.
    for (const url of ['/user/two-factor/disable', '/user/two-factor/recovery-codes']) {
      const refused = await post(
        url,
        { password: holder.password, code: nextRightCode(holder) },
        holder.home,
        holder.token,
      )
      expect(refused.statusCode, refused.body).toBe(429)
    }
    expect(await twoFactorEnabled(holder)).toBe(true)
    // The customer sees the failures in their history, from where they came.
    const history = await app.inject({
      url: `${API_PREFIX}/user/sign-ins`,
      headers: { ...from(holder.home), ...bearer(phoneToken) },
    })
    const rows = (history.json() as { data: Array<{ result: string; ip: string | null }> }).data
    const failures = rows.filter((row) => row.result === SIGN_IN_RESULTS.TWO_FACTOR_FAILED)
    expect(failures.length).toBe(evaluated)
    expect(failures.every((row) => row.ip?.startsWith('203.0.113.'))).toBe(true)

    // The owner's phone has its own: the right code turns two-factor off there.
    const off = await post(
      '/user/two-factor/disable',
      { password: holder.password, code: nextRightCode(holder) },
      holder.home,
      phoneToken,
    )
    expect(off.statusCode, off.body).toBe(200)
  })
})
