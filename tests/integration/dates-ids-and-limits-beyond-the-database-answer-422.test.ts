// Regression (hardening, second round; decision 0033). The schemas accepted values the database refuses, and any
// customer got a 500:
// - year 0 or 9999 in `from`/`to` on /funds/transactions, /funds/statement and /funds/statement.csv (PostgreSQL has
//   no year 0, and the day after 9999-12-31 is written +010000-01-01, which it refuses);
// - year 0 in `after` on /chat/messages, and an offset past ±15:59 or a fraction longer than PostgreSQL reads;
// - `card_deposit_id` above 2^31 - 1 on POST /funds/withdrawals (int4).
// And PATCH /admin/settings took a card or withdrawal maximum of 1e307, after which every card deposit and every
// withdrawal answered 500 (BigInt(Infinity) in the cashier's limit check). Each is now a 422 naming its field; a
// limit stored before the bounds no longer breaks the cashier. On PGlite and on PostgreSQL, which refuse alike.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteSettings } from '../../server/db/schema'
import {
  ApiErrorSchema,
  DATE_MESSAGES,
  DATE_RANGE,
  FundsOptionsResponseSchema,
  MAX_MONEY_USD,
} from '../../src/domain/contract'
import { call } from './support/back-office'
import { cardBody, depositByCard, FUNDS_RATE_LIMITS, postCard, postWithdrawal } from './support/funds'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { DEMO_ADMIN, createTestApp, loginToken } from './support/test-server'
import { newCustomer } from './support/trading'

const FUNDS_DAY_ROUTES = ['/funds/transactions', '/funds/statement', '/funds/statement.csv']

const fieldErrors = (body: string) => ApiErrorSchema.parse(JSON.parse(body)).errors ?? {}

const pgAvailable = await postgresReachable('dates-ids-and-limits-beyond-the-database-answer-422')
const engines = ['PGlite', ...(pgAvailable ? ['PostgreSQL'] : [])]

describe.each(engines)('on %s', (engine) => {
  let app: FastifyInstance
  let database: ThrowawayDatabase | undefined
  let adminToken: string
  let customer: { id: number; token: string }

  beforeAll(async () => {
    if (engine === 'PostgreSQL') database = await createThrowawayDatabase()
    app = await createTestApp({
      rateLimits: FUNDS_RATE_LIMITS,
      ...(database ? { databaseUrl: database.url } : {}),
    })
    adminToken = await loginToken(app, DEMO_ADMIN)
    // Verified, so a withdrawal reaches the card it names.
    customer = await newCustomer(app, { verified: true })
  }, 60_000)
  afterAll(async () => {
    await app.close()
    await database?.drop()
  })

  const get = (url: string, token = customer.token) => call(app, token, 'GET', url)

  describe.each(FUNDS_DAY_ROUTES)('GET %s', (route) => {
    it.each([
      ['from', '0000-01-01'],
      ['to', '0000-01-01'],
      ['from', '9999-12-31'],
      ['to', '9999-12-31'],
      ['from', '1899-12-31'],
      ['to', '9999-01-01'],
    ])('answers %s=%s with 422 naming the field', async (field, day) => {
      const response = await get(`${route}?${field}=${day}`)
      expect(response.statusCode, response.body).toBe(422)
      expect(fieldErrors(response.body)[field]).toEqual([DATE_MESSAGES.OUT_OF_RANGE])
    })

    it('still answers the first and last days of the range', async () => {
      const response = await get(`${route}?from=${DATE_RANGE.FIRST_DAY}&to=${DATE_RANGE.LAST_DAY}`)
      expect(response.statusCode, response.body).toBe(200)
    })
  })

  describe('GET /chat/messages?after=', () => {
    it.each([
      ['year 0', '0000-01-01T00:00:00Z', DATE_MESSAGES.OUT_OF_RANGE],
      ['year 9999', '9999-12-31T23:59:59Z', DATE_MESSAGES.OUT_OF_RANGE],
      ['an offset of +16:00', '2024-06-01T12:00:00+16:00', DATE_MESSAGES.TIMESTAMP_PARTS],
      ['an offset of -23:59', '2024-06-01T12:00:00-23:59', DATE_MESSAGES.TIMESTAMP_PARTS],
      ['200 decimals of a second', `2024-06-01T12:00:00.${'9'.repeat(200)}Z`, DATE_MESSAGES.TIMESTAMP_PARTS],
    ])('answers %s with 422 naming `after`', async (_, after, message) => {
      const response = await get(`/chat/messages?after=${encodeURIComponent(after)}`)
      expect(response.statusCode, response.body).toBe(422)
      expect(fieldErrors(response.body).after).toEqual([message])
    })

    it('still answers a timestamp on the range’s first day, at the furthest zone', async () => {
      const after = `${DATE_RANGE.FIRST_DAY}T00:00:00.123456789+14:00`
      const response = await get(`/chat/messages?after=${encodeURIComponent(after)}`)
      expect(response.statusCode, response.body).toBe(200)
    })
  })

  it('POST /funds/withdrawals answers card_deposit_id 2^31 with 422 naming it', async () => {
    await depositByCard(app, customer.token, 100)
    const response = await postWithdrawal(app, customer.token, {
      method: 'card',
      amount: '10',
      card_deposit_id: 2 ** 31,
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(fieldErrors(response.body).card_deposit_id).toEqual(['The id is too large'])
  })

  describe('the funds limits in the settings', () => {
    const patchLimits = (limits: object) =>
      call(app, adminToken, 'PATCH', '/admin/settings', { funds: { limits } })

    it.each([
      ['card', 'max', 1e307, 'Card deposits maximum can be at most $999,999,999,999.99'],
      ['withdrawal', 'max', 1e307, 'Withdrawals maximum can be at most $999,999,999,999.99'],
      ['wire', 'min', MAX_MONEY_USD + 0.01, 'Bank wires minimum can be at most $999,999,999,999.99'],
      ['card', 'min', -1, 'Card deposits minimum cannot be negative'],
      ['withdrawal', 'max', 10.005, 'Withdrawals maximum can have at most two decimals'],
    ])('refuses a %s %s of %s with 422 naming the field', async (method, bound, value, message) => {
      const response = await patchLimits({ [method]: { [bound]: value } })
      expect(response.statusCode, response.body).toBe(422)
      expect(fieldErrors(response.body)[`funds.limits.${method}.${bound}`]).toEqual([message])
    })

    it('refuses a leverage above 10,000 with 422 naming its class', async () => {
      const response = await call(app, adminToken, 'PATCH', '/admin/settings', { leverage: { forex: 1e307 } })
      expect(response.statusCode, response.body).toBe(422)
      expect(fieldErrors(response.body)['leverage.forex']).toEqual(['Leverage can be at most 10,000'])
    })

    it('takes the largest amount as a maximum, and refuses a minimum above the maximum it meets', async () => {
      expect((await patchLimits({ card: { max: MAX_MONEY_USD } })).statusCode).toBe(200)
      const inverted = await patchLimits({ withdrawal: { min: 60_000 } })
      expect(inverted.statusCode, inverted.body).toBe(422)
      expect(fieldErrors(inverted.body)).toHaveProperty(['funds.limits.withdrawal'])
      expect((await patchLimits({ card: { max: 10_000 } })).statusCode).toBe(200)
    })

    it('keeps the cashier answering when a maximum of 1e307 was stored before the bounds', async () => {
      const [row] = await app.db.select().from(siteSettings)
      const stored = row?.value ?? {}
      const limits = {
        card: { min: 10, max: 1e307 },
        wire: { min: 100, max: 1e307 },
        withdrawal: { min: 10, max: 1e307 },
      }
      await app.db
        .update(siteSettings)
        .set({ value: { ...stored, funds: { ...(stored.funds as object), limits } } })
      try {
        // The options the cashier's forms read hold the largest amount, not 1e307.
        const options = FundsOptionsResponseSchema.parse((await get('/funds/options')).json()).data
        expect(options.limits.card.max).toBe(MAX_MONEY_USD)
        expect(options.limits.withdrawal.max).toBe(MAX_MONEY_USD)
        const deposit = await postCard(app, customer.token, cardBody(50))
        expect(deposit.statusCode, deposit.body).toBe(201)
        // The minimum still holds.
        const belowMinimum = await postCard(app, customer.token, cardBody(5))
        expect(belowMinimum.statusCode, belowMinimum.body).toBe(422)
        const withdrawal = await postWithdrawal(app, customer.token, {
          method: 'bank',
          amount: '20',
          bank: {
            holder: 'Ada Lovelace',
            iban: 'GB29 NWBK 6016 1331 9268 19',
            bic: 'NWBKGB2L',
            bank_name: 'NatWest',
          },
        })
        expect(withdrawal.statusCode, withdrawal.body).toBe(201)
      } finally {
        await app.db.update(siteSettings).set({ value: stored })
      }
    })
  })
})
