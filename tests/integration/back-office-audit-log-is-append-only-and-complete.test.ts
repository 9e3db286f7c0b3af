// The audit log (decision 0017): every admin action (status change, plan change, adjustment, request
// decision, settings change, sign-in link, notification sent) writes exactly one audit_events row with the actor,
// the target, before and after, the reason, fastify's request id (the one on the request's log lines) and the
// client address; a refused action writes none. The database refuses UPDATE, DELETE and TRUNCATE of the rows, and
// GET /admin/audit filters them by client, admin and action, a page at a time.
import { Writable } from 'node:stream'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, autotraderRequests } from '../../server/db/schema'
import {
  ADMIN_PAGE_SIZE,
  API_PREFIX,
  AUDIT_ACTIONS,
  AuditResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  LoginLinkResponseSchema,
  SendNotificationResponseSchema,
  SiteSettingsResponseSchema,
  type AuditAction,
} from '../../src/domain/contract'
import { auditedBy, lastAuditId, newAdmin } from './support/back-office'
import { planIdOf, post } from './support/marketplace'
import { newCustomer, newKey, refusal, ROOMY_RATE_LIMITS } from './support/trading'
import { bearer, createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'

/** A documentation address (RFC 5737): the audit row must carry the caller's address, not the server's. */
const ADMIN_ADDRESS = '203.0.113.7'

const logLines: Array<{ reqId?: string; msg?: string }> = []
let app: FastifyInstance
let adminToken: string
let adminId: number

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)) as { reqId?: string; msg?: string })
      done()
    },
  })
  app = await createTestApp({
    logger: { level: 'info', stream },
    realtime: { prices: { ticksPerSecond: 0 } },
    rateLimits: { ...ROOMY_RATE_LIMITS, autotraderRequest: { max: 10_000, windowMs: 60_000 } },
  })
  adminToken = await loginToken(app, DEMO_ADMIN)
  adminId = (await app.inject({ url: `${API_PREFIX}/user`, headers: bearer(adminToken) })).json().data.id
})
afterAll(async () => {
  await app?.close()
})

type Method = NonNullable<InjectOptions['method']>

/** The call as an admin's browser at ADMIN_ADDRESS makes it. */
function asAdmin(
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  token = adminToken,
) {
  return app.inject({
    method,
    url: `${API_PREFIX}${url}`,
    headers: { ...bearer(token), ...headers },
    remoteAddress: ADMIN_ADDRESS,
    ...(payload === undefined ? {} : { payload }),
  })
}

/** The request id of the last log line with this message: the one the audited request wrote. */
function requestIdLogged(message: string): string | undefined {
  return logLines.findLast((line) => line.msg === message)?.reqId
}

interface ExpectedRow {
  action: AuditAction
  targetUserId: number | null
  before: unknown
  after: unknown
  reason?: string | null
  /** The message the route logs, whose request id the row must carry. */
  logged: string
}

/** Runs an admin action and checks it wrote exactly one row, this one. */
async function expectAuditedOnce(
  expectedStatus: number,
  action: () => ReturnType<typeof asAdmin>,
  row: ExpectedRow,
) {
  const { response, rows } = await auditedBy(app, action)
  expect(response.statusCode, response.body).toBe(expectedStatus)
  expect(rows).toHaveLength(1)
  const [written] = rows
  expect(written).toMatchObject({
    actorId: adminId,
    action: row.action,
    targetUserId: row.targetUserId,
    before: row.before,
    after: row.after,
    reason: row.reason ?? null,
    ip: ADMIN_ADDRESS,
  })
  expect(written?.requestId).toMatch(/\S/)
  expect(written?.requestId).toBe(requestIdLogged(row.logged))
  return { response, row: written }
}

/** Runs a refused action: the expected refusal, and not one audit row. */
async function expectRefusedUnaudited(expectedStatus: number, action: () => ReturnType<typeof asAdmin>) {
  const { response, rows } = await auditedBy(app, action)
  expect(response.statusCode, response.body).toBe(expectedStatus)
  expect(rows).toEqual([])
  return response
}

async function pendingAutotraderRequest(customer: { id: number; token: string }): Promise<number> {
  expect(
    (await post(app, customer.token, '/update/autotrader', { autotrader_type: 'medium' })).statusCode,
  ).toBe(200)
  const [request] = await app.db
    .select({ id: autotraderRequests.id })
    .from(autotraderRequests)
    .where(and(eq(autotraderRequests.userId, customer.id), eq(autotraderRequests.status, 'pending')))
  if (!request) throw new Error('the auto trader request was not stored')
  return request.id
}

describe('every admin action writes exactly one audit row', () => {
  it('a status change, with the reason, the request id on its log lines and the caller address', async () => {
    const customer = await newCustomer(app)
    await expectAuditedOnce(
      200,
      () => asAdmin('PATCH', `/admin/users/${customer.id}`, { status: 'deactivated', reason: 'Chargeback' }),
      {
        action: AUDIT_ACTIONS.STATUS_CHANGED,
        targetUserId: customer.id,
        before: { status: 'active' },
        after: { status: 'deactivated' },
        reason: 'Chargeback',
        logged: 'client updated',
      },
    )
  })

  it('a plan change', async () => {
    const customer = await newCustomer(app)
    const [basic, pro] = [await planIdOf(app, 'basic'), await planIdOf(app, 'pro')]
    await expectAuditedOnce(
      200,
      () => asAdmin('PATCH', `/admin/users/${customer.id}`, { account_type_id: pro }),
      {
        action: AUDIT_ACTIONS.PLAN_CHANGED,
        targetUserId: customer.id,
        before: { account_type_id: basic },
        after: { account_type_id: pro },
        logged: 'client updated',
      },
    )
  })

  it('a balance adjustment, naming its ledger entry', async () => {
    const customer = await newCustomer(app, { balanceUsd: '100.00' })
    const { response, row } = await expectAuditedOnce(
      201,
      () =>
        asAdmin(
          'POST',
          `/admin/users/${customer.id}/adjustments`,
          { amount: '250.50', kind: 'deposit', reason: 'Wire received' },
          { [IDEMPOTENCY_KEY_HEADER]: newKey() },
        ),
      {
        action: AUDIT_ACTIONS.BALANCE_ADJUSTED,
        targetUserId: customer.id,
        before: { balance: 100 },
        after: { balance: 350.5, amount: 250.5, kind: 'deposit' },
        reason: 'Wire received',
        logged: 'balance adjusted',
      },
    )
    expect(row?.after).toMatchObject({ ledger_entry_id: response.json().data.entry.id })
  })

  it('a request decision', async () => {
    const customer = await newCustomer(app)
    const requestId = await pendingAutotraderRequest(customer)
    await expectAuditedOnce(
      200,
      () => asAdmin('POST', `/admin/requests/autotrader/${requestId}/decision`, { decision: 'approve' }),
      {
        action: AUDIT_ACTIONS.REQUEST_DECIDED,
        targetUserId: customer.id,
        before: { type: 'autotrader', id: requestId, status: 'pending' },
        after: { type: 'autotrader', id: requestId, status: 'approved', autotrader: true, level: 'medium' },
        logged: 'customer request decided',
      },
    )
  })

  it('a settings change, with only the fields that changed', async () => {
    const current = SiteSettingsResponseSchema.parse(
      (await app.inject({ url: `${API_PREFIX}/settings` })).json(),
    )
    const footer = `Audited footer ${Date.now()}`
    await expectAuditedOnce(200, () => asAdmin('PATCH', '/admin/settings', { footer_text: footer }), {
      action: AUDIT_ACTIONS.SETTINGS_UPDATED,
      targetUserId: null,
      before: { footer_text: current.data.footer_text },
      after: { footer_text: footer },
      logged: 'site settings changed',
    })
  })

  it('a sign-in link, without its token', async () => {
    const customer = await newCustomer(app)
    const { response, row } = await expectAuditedOnce(
      201,
      () => asAdmin('POST', `/admin/users/${customer.id}/login-link`),
      {
        action: AUDIT_ACTIONS.LOGIN_LINK_CREATED,
        targetUserId: customer.id,
        before: null,
        after: {},
        logged: 'one-time sign-in link created',
      },
    )
    const link = LoginLinkResponseSchema.parse(response.json()).data
    expect(row?.after).toEqual({ expires_at: link.expires_at })
    expect(JSON.stringify(row)).not.toContain(link.token)
  })

  it('a notification sent', async () => {
    const customer = await newCustomer(app)
    const body = {
      user_id: customer.id,
      title: 'Margin call',
      message: 'Please add funds.',
      color: 'warning',
    }
    const { response, row } = await expectAuditedOnce(
      201,
      () => asAdmin('POST', '/admin/notifications', body),
      {
        action: AUDIT_ACTIONS.NOTIFICATION_SENT,
        targetUserId: customer.id,
        before: null,
        after: { title: body.title, message: body.message, color: body.color },
        logged: 'notification sent',
      },
    )
    expect(row?.after).toMatchObject({
      notification_id: SendNotificationResponseSchema.parse(response.json()).data.id,
    })
  })

  it('one row per change when a status and a plan change in one call', async () => {
    const customer = await newCustomer(app)
    const pro = await planIdOf(app, 'pro')
    const { response, rows } = await auditedBy(app, () =>
      asAdmin('PATCH', `/admin/users/${customer.id}`, {
        status: 'deactivated',
        account_type_id: pro,
        reason: 'Moved to a managed account',
      }),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(rows.map((row) => row.action).sort()).toEqual(
      [AUDIT_ACTIONS.STATUS_CHANGED, AUDIT_ACTIONS.PLAN_CHANGED].sort(),
    )
    // One request: both rows lead to the same log lines.
    expect(new Set(rows.map((row) => row.requestId)).size).toBe(1)
  })
})

describe('a refused or empty action writes no audit row', () => {
  it('deactivation without a reason (422)', async () => {
    const customer = await newCustomer(app)
    const response = await expectRefusedUnaudited(422, () =>
      asAdmin('PATCH', `/admin/users/${customer.id}`, { status: 'deactivated' }),
    )
    expect(refusal(response, 422).errors?.reason).toEqual(['A reason is required.'])
  })

  it('an admin deactivating their own account (422), a plan that does not exist (422), an unknown client (404)', async () => {
    const customer = await newCustomer(app)
    await expectRefusedUnaudited(422, () =>
      asAdmin('PATCH', `/admin/users/${adminId}`, { status: 'deactivated', reason: 'Oops' }),
    )
    await expectRefusedUnaudited(422, () =>
      asAdmin('PATCH', `/admin/users/${customer.id}`, {
        status: 'deactivated',
        account_type_id: 999_999,
        reason: 'Both at once',
      }),
    )
    await expectRefusedUnaudited(404, () => asAdmin('PATCH', '/admin/users/999999', { status: 'active' }))
  })

  it('a status the account already has (200, nothing changed)', async () => {
    const customer = await newCustomer(app)
    await expectRefusedUnaudited(200, () =>
      asAdmin('PATCH', `/admin/users/${customer.id}`, { status: 'active' }),
    )
  })

  it('an adjustment below zero (422), a reused key (422) and a replay of the same adjustment (200)', async () => {
    const customer = await newCustomer(app, { balanceUsd: '50.00' })
    const adjustment = (body: object, key: string) =>
      asAdmin('POST', `/admin/users/${customer.id}/adjustments`, body, { [IDEMPOTENCY_KEY_HEADER]: key })
    await expectRefusedUnaudited(422, () =>
      adjustment({ amount: '-50.01', kind: 'withdrawal', reason: 'Too much' }, newKey()),
    )
    const key = newKey()
    const first = { amount: '-20', kind: 'withdrawal', reason: 'Paid out' }
    const { rows } = await auditedBy(app, () => adjustment(first, key))
    expect(rows).toHaveLength(1)
    await expectRefusedUnaudited(200, () => adjustment(first, key))
    await expectRefusedUnaudited(422, () => adjustment({ ...first, amount: '-25' }, key))
    await expectRefusedUnaudited(422, () =>
      adjustment({ amount: '1.005', kind: 'credit', reason: 'Cents' }, newKey()),
    )
  })

  it('a decision on a request already decided (409), a rejection without a reason (422), a missing request (404)', async () => {
    const customer = await newCustomer(app)
    const requestId = await pendingAutotraderRequest(customer)
    await expectRefusedUnaudited(422, () =>
      asAdmin('POST', `/admin/requests/autotrader/${requestId}/decision`, { decision: 'reject' }),
    )
    const decided = await asAdmin('POST', `/admin/requests/autotrader/${requestId}/decision`, {
      decision: 'reject',
      reason: 'Not this month',
    })
    expect(decided.statusCode).toBe(200)
    await expectRefusedUnaudited(409, () =>
      asAdmin('POST', `/admin/requests/autotrader/${requestId}/decision`, { decision: 'approve' }),
    )
    await expectRefusedUnaudited(404, () =>
      asAdmin('POST', '/admin/requests/plan_upgrade/999999/decision', { decision: 'approve' }),
    )
  })

  it('invalid settings (422), a sign-in link for an admin (422), a notification to nobody (404)', async () => {
    await expectRefusedUnaudited(422, () => asAdmin('PATCH', '/admin/settings', { status: 'sometimes' }))
    await expectRefusedUnaudited(422, () => asAdmin('POST', `/admin/users/${adminId}/login-link`))
    await expectRefusedUnaudited(404, () =>
      asAdmin('POST', '/admin/notifications', { user_id: 999_999, title: 'Hello', message: 'Nobody' }),
    )
  })

  it('a customer calling an admin route (403)', async () => {
    const customer = await newCustomer(app)
    await expectRefusedUnaudited(403, () =>
      asAdmin('PATCH', `/admin/users/${customer.id}`, { status: 'active' }, {}, customer.token),
    )
  })
})

describe('the audit_events table', () => {
  /** The database's refusal, unwrapped from drizzle's query error. */
  async function refusalOf(statement: SQL) {
    const error: unknown = await app.db.execute(statement).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    if (!(error instanceof Error)) throw new Error('the statement was accepted')
    const cause = (error.cause ?? error) as Error & { code?: string }
    return { message: cause.message, code: cause.code }
  }

  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks, and keeps every row as written', async () => {
    const customer = await newCustomer(app)
    await asAdmin('POST', `/admin/users/${customer.id}/login-link`)
    const id = await lastAuditId(app)
    const rowsBefore = await app.db.select().from(auditEvents).orderBy(auditEvents.id)
    expect(rowsBefore.length).toBeGreaterThan(0)

    for (const [operation, statement] of [
      ['UPDATE', sql`update audit_events set reason = 'rewritten' where id = ${id}`],
      ['UPDATE', sql`update audit_events set actor_id = null`],
      ['DELETE', sql`delete from audit_events where id = ${id}`],
      ['DELETE', sql`delete from audit_events`],
      ['TRUNCATE', sql`truncate audit_events`],
    ] as const) {
      const refused = await refusalOf(statement)
      expect(refused.message).toBe(`audit_events is append-only: ${operation} is not allowed`)
      expect(refused.code).toBe('42501')
    }
    expect(await app.db.select().from(auditEvents).orderBy(auditEvents.id)).toEqual(rowsBefore)
  })
})

describe('GET /admin/audit', () => {
  const page = async (query: string) => {
    const response = await asAdmin('GET', `/admin/audit?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return AuditResponseSchema.parse(response.json())
  }

  it('filters by client, by admin and by action, and pages newest first', async () => {
    const busy = await newCustomer(app)
    const other = await newCustomer(app)
    const officer = await newAdmin(app)
    const adjustments = ADMIN_PAGE_SIZE + 3
    for (let n = 0; n < adjustments; n += 1) {
      const response = await asAdmin(
        'POST',
        `/admin/users/${busy.id}/adjustments`,
        { amount: '1.00', kind: 'credit', reason: `Credit ${n}` },
        { [IDEMPOTENCY_KEY_HEADER]: newKey() },
      )
      expect(response.statusCode).toBe(201)
    }
    const byOfficer = [
      await asAdmin(
        'POST',
        '/admin/notifications',
        { user_id: other.id, title: 'Hi', message: 'From the desk' },
        {},
        officer.token,
      ),
      await asAdmin('POST', `/admin/users/${busy.id}/login-link`, undefined, {}, officer.token),
    ]
    expect(byOfficer.map((response) => response.statusCode)).toEqual([201, 201])

    const first = await page(`user_id=${busy.id}`)
    const second = await page(`user_id=${busy.id}&page=2`)
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: ADMIN_PAGE_SIZE,
      total: adjustments + 1,
    })
    expect(first.data).toHaveLength(ADMIN_PAGE_SIZE)
    expect(second.data).toHaveLength(adjustments + 1 - ADMIN_PAGE_SIZE)
    const ids = [...first.data, ...second.data].map((event) => event.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect([...first.data, ...second.data].every((event) => event.target_user_id === busy.id)).toBe(true)
    expect(first.data[0]).toMatchObject({
      action: AUDIT_ACTIONS.LOGIN_LINK_CREATED,
      actor_id: officer.id,
      actor_name: 'Second Officer',
      target_name: 'Other Trader',
      ip: ADMIN_ADDRESS,
    })

    const officers = await page(`actor_id=${officer.id}`)
    expect(officers.meta.total).toBe(2)
    expect(officers.data.map((event) => [event.action, event.target_user_id])).toEqual([
      [AUDIT_ACTIONS.LOGIN_LINK_CREATED, busy.id],
      [AUDIT_ACTIONS.NOTIFICATION_SENT, other.id],
    ])

    const links = await page(`action=${AUDIT_ACTIONS.LOGIN_LINK_CREATED}`)
    expect(links.meta.total).toBe(
      await app.db.$count(auditEvents, eq(auditEvents.action, AUDIT_ACTIONS.LOGIN_LINK_CREATED)),
    )
    expect(links.data.every((event) => event.action === AUDIT_ACTIONS.LOGIN_LINK_CREATED)).toBe(true)

    const combined = await page(
      `user_id=${busy.id}&actor_id=${adminId}&action=${AUDIT_ACTIONS.BALANCE_ADJUSTED}`,
    )
    expect(combined.meta.total).toBe(adjustments)
    expect(combined.data[0]?.reason).toBe(`Credit ${adjustments - 1}`)

    expect((await page(`user_id=${busy.id}&page=3`)).data).toEqual([])
    expect((await asAdmin('GET', '/admin/audit?user_id=abc')).statusCode).toBe(422)
  })
})
