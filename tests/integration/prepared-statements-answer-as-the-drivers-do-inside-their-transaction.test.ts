// Decision 0035: Drizzle's statements run as prepared statements on both engines (server/db/pglite-statements.ts,
// postgres-statements.ts), and the order path's are built once and run inside a transaction through
// `inTransaction` (prepared-queries.ts). These check that a prepared statement answers what the driver's own path
// answers, fails as it fails, stays within its capacity, and takes part in the transaction it is run in.
import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '../../server/db/client'
import { uniqueViolation } from '../../server/db/errors'
import { preparedStatementClient } from '../../server/db/pglite-statements'
import { nameStatements } from '../../server/db/postgres-statements'
import { inTransaction } from '../../server/db/prepared-queries'
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from './support/postgres'

const probe = pgTable('prepared_probe', { id: integer('id').primaryKey(), label: text('label').notNull() })

// Every kind of value the app stores, and a null, through both row modes and Drizzle's own parsers.
const VALUES_QUERY = `select $1::int as i, $2::bigint as b, $3::numeric(18, 2) as n, $4::float8 as f, $5::text as t,
  $6::bool as flag, $7::jsonb as j, $8::timestamptz as at, $9::date as d, null::text as nothing, $10::int[] as ints`
const VALUES = [
  7,
  '9007199254740993',
  '12.30',
  1.5,
  'text',
  true,
  { a: [1, 'x'] },
  new Date(0),
  '2026-11-28',
  [1, 2],
]
const DRIZZLE_PARSERS = {
  1184: (value: string) => value,
  1114: (value: string) => value,
  1082: (value: string) => value,
}

describe('on PGlite, the prepared-statement client', () => {
  let client: PGlite

  beforeAll(async () => {
    client = await PGlite.create()
    await client.exec('create table prepared_probe (id int primary key, label text not null)')
  })
  afterAll(() => client.close())

  it('answers what PGlite itself answers, in both row modes, with and without parsers', async () => {
    const prepared = preparedStatementClient(client)
    for (const options of [
      { rowMode: 'array' as const },
      { rowMode: 'object' as const },
      { rowMode: 'array' as const, parsers: DRIZZLE_PARSERS },
    ]) {
      // Twice: the first run prepares the statement, the second runs it prepared.
      for (let run = 0; run < 2; run += 1) {
        const own = await client.query(VALUES_QUERY, VALUES, options)
        const ours = await prepared.query(VALUES_QUERY, VALUES, options)
        expect(ours.rows).toEqual(own.rows)
        expect(ours.fields).toEqual(own.fields)
      }
    }
    await prepared.query('insert into prepared_probe values ($1, $2), ($3, $4)', [1, 'a', 2, 'b'])
    const updated = await prepared.query('update prepared_probe set label = $1 where id > $2', ['c', 0])
    expect(updated.affectedRows).toBe(2)
    expect((await prepared.query('select label from prepared_probe order by id')).rows).toEqual([
      { label: 'c' },
      { label: 'c' },
    ])
  })

  it('fails as PGlite fails: the code, the constraint and the statement on the error, and the next one runs', async () => {
    const prepared = preparedStatementClient(client)
    await prepared.query('insert into prepared_probe values ($1, $2) on conflict do nothing', [10, 'x'])
    const failure = await prepared
      .query('insert into prepared_probe values ($1, $2)', [10, 'again'])
      .catch((error: unknown) => error)
    expect(uniqueViolation(failure)).toBe('prepared_probe_pkey')
    expect(failure).toMatchObject({
      query: 'insert into prepared_probe values ($1, $2)',
      params: [10, 'again'],
    })
    expect(
      (await prepared.query('select count(*)::int as n from prepared_probe where id = $1', [10])).rows,
    ).toEqual([{ n: 1 }])
  })

  it('keeps at most its capacity of statements, closing the least recently used', async () => {
    const prepared = preparedStatementClient(client, 3)
    for (let round = 0; round < 3; round += 1) {
      for (let value = 0; value < 6; value += 1) {
        const { rows } = await prepared.query<{ v: number }>(`select $1::int + ${value} as v`, [round])
        expect(rows).toEqual([{ v: round + value }])
      }
    }
    const held = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'pglite_s%'",
    )
    // Three from this client; the earlier tests' clients left theirs (each client names its own).
    expect(held.rows[0]!.n).toBeGreaterThanOrEqual(3)
    const mine = await client.query<{ statement: string }>(
      "select statement from pg_prepared_statements where statement like 'select $1::int + %'",
    )
    expect(mine.rows).toHaveLength(3)
  })

  it('leaves DDL and SET to PGlite: nothing is prepared for them', async () => {
    const prepared = preparedStatementClient(client)
    await prepared.query('create temporary table ddl_probe (id int)')
    await prepared.query("set application_name = 'probe'")
    const held = await client.query(
      "select 1 from pg_prepared_statements where statement ilike '%ddl_probe%'",
    )
    expect(held.rows).toEqual([])
  })
})

interface Engine {
  name: string
  open: () => Promise<{ handle: DbHandle; drop?: () => Promise<void> }>
}

const engines: Engine[] = [
  { name: 'PGlite', open: async () => ({ handle: await openDatabase({ dataDir: 'memory://' }) }) },
]
if (await postgresReachable('prepared statements')) {
  engines.push({
    name: 'PostgreSQL',
    open: async () => {
      const database: ThrowawayDatabase = await createThrowawayDatabase()
      const handle = await openDatabase({ dataDir: 'memory://', databaseUrl: database.url })
      return { handle, drop: () => database.drop() }
    },
  })
}

describe.each(engines)(
  'on $name, a statement prepared on the database and run with inTransaction',
  (engine) => {
    let opened: Awaited<ReturnType<Engine['open']>>

    beforeAll(async () => {
      opened = await engine.open()
      await opened.handle.db.execute(
        sql`create table prepared_probe (id int primary key, label text not null)`,
      )
    })
    afterAll(async () => {
      await opened.handle.close()
      await opened.drop?.()
    })

    it('sees the rows its transaction wrote and not yet committed, and none of them after a rollback', async () => {
      const { db } = opened.handle
      const byId = db
        .select()
        .from(probe)
        .where(eq(probe.id, sql.placeholder('id')))
        .prepare('prepared_probe_by_id')
      const rolledBack = new Error('roll back')
      const seen = await db
        .transaction(async (tx) => {
          await tx.insert(probe).values({ id: 1, label: 'uncommitted' })
          const inside = await inTransaction(byId, tx, { id: 1 })
          expect(inside).toEqual([{ id: 1, label: 'uncommitted' }])
          throw rolledBack
        })
        .catch((error: unknown) => error)
      expect(seen).toBe(rolledBack)
      expect(await byId.execute({ id: 1 })).toEqual([])
    })

    it('writes as part of its transaction: a rollback takes the write back', async () => {
      const { db } = opened.handle
      const insert = db
        .insert(probe)
        .values({ id: sql.placeholder('id'), label: sql.placeholder('label') })
        .returning()
        .prepare('prepared_probe_insert')
      await db
        .transaction(async (tx) => {
          expect(await inTransaction(insert, tx, { id: 2, label: 'written' })).toEqual([
            { id: 2, label: 'written' },
          ])
          throw new Error('roll back')
        })
        .catch(() => undefined)
      await db.transaction((tx) => inTransaction(insert, tx, { id: 3, label: 'kept' }))
      expect(await db.select().from(probe).orderBy(probe.id)).toEqual([{ id: 3, label: 'kept' }])
    })
  },
)

describe.runIf(engines.length > 1)('on PostgreSQL, a pooled connection', () => {
  let database: ThrowawayDatabase
  let pool: pg.Pool

  beforeAll(async () => {
    database = await createThrowawayDatabase()
    pool = new pg.Pool({ connectionString: database.url, max: 1 })
    pool.on('connect', (client) => nameStatements(client, 2))
  })
  afterAll(async () => {
    await pool.end()
    await database.drop()
  })

  it('prepares each data statement once, up to its capacity, and runs the rest unnamed', async () => {
    const prepared = () =>
      pool.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')
    for (let round = 0; round < 2; round += 1) {
      for (const value of [1, 2, 3]) {
        const { rows } = await pool.query({ text: `select $1::int + ${value} as v`, values: [round] })
        expect(rows).toEqual([{ v: round + value }])
      }
    }
    await pool.query({ text: 'create temporary table named_probe (id int)' })
    const statements = (await prepared()).rows.map((row) => row.statement)
    // The capacity (2) was reached by the first two texts; the third and the DDL ran unnamed, and so does the
    // listing, a plain text rather than a query config as Drizzle passes.
    expect(statements).toEqual(['select $1::int + 1 as v', 'select $1::int + 2 as v'])
  })
})
