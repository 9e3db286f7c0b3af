// Concurrent sends into one conversation on PostgreSQL, through two server instances on one database: each
// conversation is written one message at a time (a transaction-scoped advisory lock), so id order, created_at order
// and commit order agree and created_at strictly increases. That is what lets a reader poll `after=<last created_at>`
// without ever skipping a message committed later (docs/decisions/0010-support-chat.md). A client_message_id retried
// on both instances at once stores one message. Skipped when no PostgreSQL answers.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages } from '../../server/db/schema'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { listMessages, postMessage } from './support/chat'
import { createTestApp, DEMO_ADMIN, loginToken } from './support/test-server'
import { newCustomer } from './support/trading'

const pgAvailable = await postgresReachable('chat-orders-concurrent-sends-on-postgresql')
const SENDS = 120
const PARALLEL = 12

describe.runIf(pgAvailable)('two instances on one PostgreSQL', () => {
  let database: ThrowawayDatabase
  let apps: FastifyInstance[] = []

  beforeAll(async () => {
    database = await createThrowawayDatabase()
    apps = [
      await createTestApp({ databaseUrl: database.url }),
      await createTestApp({ databaseUrl: database.url, seedDemo: false }),
    ]
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.drop()
  })

  it('writes one conversation one message at a time: ids, created_at and commit order agree', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance]
    const customer = await newCustomer(first)
    const adminToken = await loginToken(first, DEMO_ADMIN)
    let next = 0
    const worker = async (lane: number) => {
      for (;;) {
        const index = next
        next += 1
        if (index >= SENDS) return
        const app = lane % 2 === 0 ? first : second
        const fromAdmin = index % 3 === 0
        const response = await postMessage(
          app,
          fromAdmin ? adminToken : customer.token,
          fromAdmin
            ? { message: `admin ${index}`, customer_id: customer.id }
            : { message: `customer ${index}` },
        )
        expect(response.statusCode, response.body).toBe(201)
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, (_, lane) => worker(lane)))

    const rows = await first.db
      .select({ id: chatMessages.id, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(eq(chatMessages.customerId, customer.id))
      .orderBy(chatMessages.id)
    expect(rows).toHaveLength(SENDS)
    for (let index = 1; index < rows.length; index += 1) {
      expect(rows[index]?.createdAt.getTime()).toBeGreaterThan(rows[index - 1]?.createdAt.getTime() ?? 0)
    }
    // From any message on, `after` answers every later one, in order, on either instance.
    const middle = rows[SENDS / 2]
    const page = await listMessages(second, customer.token, { after: middle?.createdAt.toISOString() ?? '' })
    expect(page.data.map((message) => message.id)).toEqual(
      rows.slice(SENDS / 2, SENDS / 2 + 50).map((row) => row.id),
    )
  })

  it('stores one message for a client_message_id sent to both instances at once', async () => {
    const customer = await newCustomer(apps[0] as FastifyInstance)
    const body = { message: 'sent from a flaky network', client_message_id: 'pg-retry-00000001' }
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postMessage(apps[index % 2] as FastifyInstance, customer.token, body),
      ),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ])
    expect(new Set(responses.map((response) => response.json().data.id)).size).toBe(1)
  })
})
