// Real faults answer a bare 500 and are logged, but no password, token or query parameter reaches the log.
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { bearer, createTestApp, DEMO_ADMIN, DEMO_CUSTOMER, loginToken } from './support/test-server'

const SECRET_PARAMETER = 'secret-query-parameter-7f3a'
const logLines: string[] = []
let app: FastifyInstance

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  app = await createTestApp({ logger: { level: 'info', stream } })
  // A route that fails inside the database, with a value bound as a query parameter.
  app.get('/api/v1/test/failing-query', async () =>
    app.db
      .select()
      .from(users)
      .where(sql`${users.passwordHash} = ${SECRET_PARAMETER} or 1 / 0 = 1`),
  )
})
afterAll(async () => {
  await app?.close()
})

describe('logging', () => {
  it('answers a database failure with a bare 500 and logs it without its parameters', async () => {
    const response = await app.inject({ url: '/api/v1/test/failing-query' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: 'Server Error' })

    const errorLine = logLines.find((line) => line.includes('unhandled error'))
    expect(errorLine).toContain('division by zero')
    expect(logLines.join('')).not.toContain(SECRET_PARAMETER)
  })

  it('never logs passwords, tokens or authorization headers', async () => {
    const token = await loginToken(app, DEMO_CUSTOMER)
    await app.inject({ url: '/api/v1/user', headers: bearer(token) })
    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) })
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { ...DEMO_CUSTOMER, password: 'Wrong1234!' },
    })

    const log = logLines.join('')
    expect(log).toContain('/api/v1/auth/login')
    expect(log).not.toContain(token)
    expect(log).not.toContain(DEMO_CUSTOMER.password)
    expect(log).not.toContain('Wrong1234!')
    expect(log.toLowerCase()).not.toContain('bearer')
  })

  it('never logs one-time sign-in tokens, not even from the page URL they travel in', async () => {
    const admin = await loginToken(app, DEMO_ADMIN)
    const me = await app.inject({
      url: '/api/v1/user',
      headers: bearer(await loginToken(app, DEMO_CUSTOMER)),
    })
    const link = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${(me.json() as { data: { id: number } }).data.id}/login-link`,
      headers: bearer(admin),
    })
    const { token, url } = (link.json() as { data: { token: string; url: string } }).data
    // The browser opens the link as a page of this server, then posts the token.
    await app.inject({ url: `${url}&utm_source=backoffice`, headers: { accept: 'text/html' } })
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/auto-login', payload: { token } })
    expect(signIn.statusCode).toBe(200)
    const sessionToken = (signIn.json() as { data: { token: string } }).data.token

    const log = logLines.join('')
    expect(log).toContain('/auto-login?token=[redacted]&utm_source=backoffice')
    expect(log).toContain('one-time sign-in link created')
    expect(log).not.toContain(token)
    expect(log).not.toContain(sessionToken)
  })
})
