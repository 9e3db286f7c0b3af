// The seed runs at every start. On a database that has every row it would insert, it inserts nothing (one query
// says so: it used to send every insert, the slowest step of a restart after opening PGlite; decision 0033); on
// one where a reference row or a demo account is missing, it puts back exactly that, on both engines.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, MEMORY_DATA_DIR, type DbHandle } from '../../server/db/client'
import { currencies, users } from '../../server/db/schema'
import { seed } from '../../server/db/seed'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'
import { tableCounts } from './support/table-counts'

const engines = [
  { name: 'PGlite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
]

describe.each(engines)('the seed on $name', ({ postgres }) => {
  let handle: DbHandle | undefined
  let throwaway: ThrowawayDatabase | undefined

  beforeAll(async () => {
    if (postgres) {
      if (!(await postgresReachable('seed-inserts-nothing'))) return
      throwaway = await createThrowawayDatabase()
    }
    handle = await openDatabase({ dataDir: MEMORY_DATA_DIR, databaseUrl: throwaway?.url })
    await seed(handle.db, { demo: true })
  })
  afterAll(async () => {
    await handle?.close()
    await throwaway?.drop()
  })

  it('inserts nothing into a database that has every seeded row', async (context) => {
    if (!handle) return context.skip()
    const inserts = vi.spyOn(handle.db, 'insert')
    try {
      await seed(handle.db, { demo: true })
      await seed(handle.db, { demo: false })
      expect(inserts).not.toHaveBeenCalled()
    } finally {
      inserts.mockRestore()
    }
  })

  it('puts back a missing currency and a missing demo account, and nothing else', async (context) => {
    if (!handle) return context.skip()
    const db = handle.db
    const before = await tableCounts(db)
    await db.delete(currencies).where(eq(currencies.code, 'EUR'))
    await db.delete(users).where(eq(users.email, 'admin@example.com'))

    // Without the demo accounts asked for, only the reference data comes back.
    await seed(db, { demo: false })
    expect(await db.select().from(currencies).where(eq(currencies.code, 'EUR'))).toHaveLength(1)
    expect(await db.select().from(users).where(eq(users.email, 'admin@example.com'))).toHaveLength(0)

    await seed(db, { demo: true })
    expect(await db.select().from(users).where(eq(users.email, 'admin@example.com'))).toHaveLength(1)
    expect(await tableCounts(db)).toEqual(before)
  })
})
