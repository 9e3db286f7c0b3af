// The same app on a real PostgreSQL (DATABASE_URL mode): migrations, idempotent seed, and the main calls.
// Runs against a throwaway database that is dropped afterwards. TEST_POSTGRES_URL points at the server's admin
// database; without it, a local trust-auth PostgreSQL on 127.0.0.1:5432 is used, and the file is skipped
// (with a warning) only when neither is reachable.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_LOCKED_MESSAGE,
  AssetsResponseSchema,
  LoginResponseSchema,
  SiteSettingsResponseSchema,
} from '../../src/domain/contract'
import { LOGIN_LOCK } from '../../server/repositories/login-failures'
import { tableCounts } from './support/table-counts'
import { createTestApp, DEMO_ADMIN, DEMO_CUSTOMER } from './support/test-server'

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const databaseName = `cfd_test_${randomBytes(6).toString('hex')}`

function urlFor(database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const reachable = await withAdminClient(async () => true).catch((error: unknown) => {
  if (process.env.TEST_POSTGRES_URL) throw error
  console.warn(`postgres.test.ts skipped: no PostgreSQL at ${adminUrl} (${String(error)})`)
  return false
})

describe.runIf(reachable)('on PostgreSQL', () => {
  let app: FastifyInstance | undefined

  beforeAll(async () => {
    // The name is ours (hex only), so interpolating it is safe; identifiers cannot be bound parameters.
    await withAdminClient((client) => client.query(`create database "${databaseName}"`))
    app = await createTestApp({ databaseUrl: urlFor(databaseName) })
  })

  afterAll(async () => {
    await app?.close()
    await withAdminClient((client) => client.query(`drop database if exists "${databaseName}" with (force)`))
  })

  it('migrates and seeds twice without changing anything the second time', async () => {
    if (!app) throw new Error('app did not start')
    const firstCounts = await tableCounts(app.db)
    expect(firstCounts.assets).toBeGreaterThanOrEqual(90)
    expect(firstCounts.users).toBe(2)

    // A second instance on the same database runs the migrations and the seed again.
    const second = await createTestApp({ databaseUrl: urlFor(databaseName) })
    try {
      expect(await tableCounts(second.db)).toEqual(firstCounts)
    } finally {
      await second.close()
    }
  })

  it('seeds no demo accounts when SEED_DEMO is off', async () => {
    const bareName = `${databaseName}_bare`
    await withAdminClient((client) => client.query(`create database "${bareName}"`))
    try {
      const bare = await createTestApp({ databaseUrl: urlFor(bareName), seedDemo: false })
      try {
        const counts = await tableCounts(bare.db)
        expect(counts.users).toBe(0)
        expect(counts.assets).toBeGreaterThanOrEqual(90)
      } finally {
        await bare.close()
      }
    } finally {
      await withAdminClient((client) => client.query(`drop database if exists "${bareName}" with (force)`))
    }
  })

  it('answers settings, assets and login from PostgreSQL', async () => {
    if (!app) throw new Error('app did not start')
    const settings = await app.inject({ url: '/api/v1/settings' })
    expect(SiteSettingsResponseSchema.parse(settings.json()).data.status).toBe('active')

    const assets = AssetsResponseSchema.parse((await app.inject({ url: '/api/v1/assets' })).json()).data
    expect(assets.find((asset) => asset.sy === 'BTC/USD')?.tv_symbol).toBe('BITSTAMP:BTCUSD')

    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: DEMO_CUSTOMER })
    expect(login.statusCode).toBe(200)
    const { data } = LoginResponseSchema.parse(login.json())
    expect(data.user.balance).toBe(10000)

    const user = await app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${data.token}` } })
    expect(user.statusCode).toBe(200)
  })

  it('keeps an account lock across instances and restarts', async () => {
    if (!app) throw new Error('app did not start')
    const login = (instance: FastifyInstance, password: string) =>
      instance.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { ...DEMO_ADMIN, password } })
    // Half the failures on each of two instances: the count is shared.
    const second = await createTestApp({ databaseUrl: urlFor(databaseName) })
    try {
      for (let n = 0; n < LOGIN_LOCK.MAX_FAILURES; n += 1) {
        expect((await login(n % 2 === 0 ? app : second, 'Wrong-password-1')).statusCode).toBe(401)
      }
    } finally {
      await second.close()
    }
    // A freshly started instance still refuses the right password.
    const restarted = await createTestApp({ databaseUrl: urlFor(databaseName) })
    try {
      const locked = await login(restarted, DEMO_ADMIN.password)
      expect(locked.statusCode).toBe(429)
      expect(locked.json()).toEqual({ message: ACCOUNT_LOCKED_MESSAGE })
    } finally {
      await restarted.close()
    }
  })
})
