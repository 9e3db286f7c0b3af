// Sessions (decision 0020): each bearer token is a session with its address, browser and times. Signing out one
// session makes only that token 401 at once and tells that device's tabs on private-user.{id}; "all others" keeps the
// caller's; a password change signs out every other session. Another customer's session is 404, as a missing one.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ACCOUNT_MESSAGES,
  CHANNELS,
  PUSH_EVENTS,
  SessionsResponseSchema,
  SignInsResponseSchema,
  type Session,
} from '../../src/domain/contract'
import {
  CHROME_ON_WINDOWS,
  customerWithPassword,
  FIREFOX_ON_LINUX,
  login,
  ROOMY_ACCOUNT_RATE_LIMITS,
  SAFARI_ON_IPHONE,
  signedIn,
  userStatus,
} from './support/account'
import { call } from './support/back-office'
import { createTestApp } from './support/test-server'
import { refusal } from './support/trading'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp({ rateLimits: ROOMY_ACCOUNT_RATE_LIMITS })
})
afterAll(async () => {
  await app?.close()
})

async function sessionsOf(token: string): Promise<Session[]> {
  const response = await call(app, token, 'GET', '/user/sessions')
  expect(response.statusCode, response.body).toBe(200)
  return SessionsResponseSchema.parse(response.json()).data
}

describe('GET /user/sessions', () => {
  it('lists each signed-in device with its address, browser and times, the caller marked current', async () => {
    const holder = await customerWithPassword(app)
    await signedIn(app, holder, SAFARI_ON_IPHONE, '203.0.113.7')
    const token = await signedIn(app, holder, CHROME_ON_WINDOWS, '198.51.100.4')

    const sessions = await sessionsOf(token)
    expect(sessions).toHaveLength(2)
    const [current, other] = sessions
    expect(current).toMatchObject({ current: true, ip: '198.51.100.4', user_agent: CHROME_ON_WINDOWS })
    expect(current?.device).toMatchObject({ browser: 'Chrome 124', os: 'Windows 10', type: 'desktop' })
    expect(other).toMatchObject({ current: false, ip: '203.0.113.7' })
    expect(other?.device).toMatchObject({ browser: 'Safari 17', type: 'mobile' })
    for (const session of sessions) {
      expect(Date.parse(session.created_at)).not.toBeNaN()
      expect(Date.parse(session.last_seen_at)).not.toBeNaN()
    }
  })
})

describe('DELETE /user/sessions/{id}', () => {
  it('signs out that session only: its token is refused at once, the others still work', async () => {
    const holder = await customerWithPassword(app)
    const phone = await signedIn(app, holder, SAFARI_ON_IPHONE)
    const laptop = await signedIn(app, holder, FIREFOX_ON_LINUX)
    const desk = await signedIn(app, holder, CHROME_ON_WINDOWS)
    const phoneSession = (await sessionsOf(phone)).find((session) => session.current)
    if (!phoneSession) throw new Error('no current session')

    const trigger = vi.spyOn(app.publisher, 'trigger')
    const response = await call(app, desk, 'DELETE', `/user/sessions/${phoneSession.id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.SESSION_SIGNED_OUT })
    expect(trigger).toHaveBeenCalledWith(CHANNELS.user(holder.id), PUSH_EVENTS.SESSION_REVOKED, {
      session_id: phoneSession.id,
    })
    trigger.mockRestore()

    expect(await userStatus(app, phone)).toBe(401)
    expect(await userStatus(app, laptop)).toBe(200)
    expect(await userStatus(app, desk)).toBe(200)
    expect((await sessionsOf(desk)).map((session) => session.id)).not.toContain(phoneSession.id)

    // Already signed out: nothing left to sign out.
    expect((await call(app, desk, 'DELETE', `/user/sessions/${phoneSession.id}`)).statusCode).toBe(404)
  })

  it("answers 404 for another customer's session and leaves it signed in", async () => {
    const owner = await customerWithPassword(app)
    const stranger = await customerWithPassword(app)
    const ownerToken = await signedIn(app, owner)
    const strangerToken = await signedIn(app, stranger)
    const [ownerSession] = await sessionsOf(ownerToken)
    if (!ownerSession) throw new Error('no session')

    const response = await call(app, strangerToken, 'DELETE', `/user/sessions/${ownerSession.id}`)
    expect(refusal(response, 404).message).toBe(ACCOUNT_MESSAGES.SESSION_NOT_FOUND)
    expect(await userStatus(app, ownerToken)).toBe(200)
    expect((await sessionsOf(strangerToken)).map((session) => session.id)).not.toContain(ownerSession.id)
  })
})

describe('DELETE /user/sessions?others=true', () => {
  it("signs out every session but the caller's", async () => {
    const holder = await customerWithPassword(app)
    const others = [
      await signedIn(app, holder, SAFARI_ON_IPHONE),
      await signedIn(app, holder, FIREFOX_ON_LINUX),
    ]
    const mine = await signedIn(app, holder)
    const bystander = await signedIn(app, await customerWithPassword(app))

    expect((await call(app, mine, 'DELETE', '/user/sessions')).statusCode).toBe(422)
    const response = await call(app, mine, 'DELETE', '/user/sessions?others=true')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ data: { revoked: 2 } })

    for (const token of others) expect(await userStatus(app, token)).toBe(401)
    expect(await userStatus(app, mine)).toBe(200)
    expect(await userStatus(app, bystander)).toBe(200)
    expect(await sessionsOf(mine)).toHaveLength(1)
  })
})

describe('POST /user/password', () => {
  it('changes the password and signs out every other session', async () => {
    const holder = await customerWithPassword(app)
    const other = await signedIn(app, holder, SAFARI_ON_IPHONE)
    const mine = await signedIn(app, holder)
    const body = {
      current_password: holder.password,
      password: 'Changed9876!',
      password_confirmation: 'Changed9876!',
    }

    const wrong = await call(app, mine, 'POST', '/user/password', { ...body, current_password: 'nope' })
    expect(refusal(wrong, 422).errors?.current_password).toEqual([ACCOUNT_MESSAGES.CURRENT_PASSWORD_WRONG])
    const mismatch = await call(app, mine, 'POST', '/user/password', {
      ...body,
      password_confirmation: 'Other9876!',
    })
    expect(refusal(mismatch, 422).errors).toHaveProperty('password_confirmation')
    expect(await userStatus(app, other)).toBe(200)

    const response = await call(app, mine, 'POST', '/user/password', body)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ data: { revoked_sessions: 1 } })
    expect(await userStatus(app, other)).toBe(401)
    expect(await userStatus(app, mine)).toBe(200)

    expect((await login(app, holder)).statusCode).toBe(401)
    expect((await login(app, { email: holder.email, password: 'Changed9876!' })).statusCode).toBe(200)
  })

  it('is rate-limited', async () => {
    const limited = await createTestApp({ rateLimits: { passwordChange: { max: 2, windowMs: 60_000 } } })
    try {
      const holder = await customerWithPassword(limited)
      const token = await signedIn(limited, holder)
      const body = {
        current_password: 'wrong',
        password: 'Changed9876!',
        password_confirmation: 'Changed9876!',
      }
      const statuses: number[] = []
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await call(limited, token, 'POST', '/user/password', body)).statusCode)
      }
      expect(statuses).toEqual([422, 422, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('GET /user/sign-ins', () => {
  it('lists the sign-ins, failed ones too, newest first, with address and device', async () => {
    const holder = await customerWithPassword(app)
    await signedIn(app, holder, SAFARI_ON_IPHONE, '192.0.2.10')
    expect(
      (await login(app, { ...holder, password: 'wrong password' }, FIREFOX_ON_LINUX, '192.0.2.11'))
        .statusCode,
    ).toBe(401)
    const token = await signedIn(app, holder)

    const response = await call(app, token, 'GET', '/user/sign-ins')
    const history = SignInsResponseSchema.parse(response.json()).data
    expect(history.map((entry) => entry.result)).toEqual(['success', 'failure', 'success'])
    expect(history[1]).toMatchObject({ ip: '192.0.2.11', device: { browser: 'Firefox 125', os: 'Linux' } })
  })
})
