// Owns the database connection: embedded PGlite by default, PostgreSQL when a postgres:// URL is given.
// Both run the same migrations at start; callers get one Drizzle handle and must call `close()` (an open
// PGlite keeps Node alive).
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type DbDriver = 'pglite' | 'postgres'
export interface DbHandle {
  db: Db
  driver: DbDriver
  close: () => Promise<void>
  /** PGlite only: the whole database as one tarball, which `memoryTemplate` starts a database from. */
  dump?: () => Promise<Blob>
}

export const MEMORY_DATA_DIR = 'memory://'
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** How many migrations this build ships: /readyz checks the database has applied them all. */
export const MIGRATION_COUNT: number = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length
// Any constant works; it only has to be the same for every instance migrating the same database.
const MIGRATION_LOCK_KEY = 727_001

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url)
}

export interface OpenDatabaseOptions {
  databaseUrl?: string
  dataDir: string
  /** Called when an idle pooled PostgreSQL connection fails; the pool has already discarded it. */
  onIdleConnectionError?: (error: Error) => void
  /**
   * An in-memory PGlite starts from this dump (DbHandle.dump) instead of an empty cluster: the integration tests
   * build dozens of apps, and creating, migrating and seeding each cost about 1.7 s against 0.35 s. Migrations and
   * the seed still run after it, and find nothing to do.
   */
  memoryTemplate?: Blob
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if (isPostgresUrl(options.databaseUrl))
    return openPostgres(options.databaseUrl, options.onIdleConnectionError)
  // A mistyped DATABASE_URL must not quietly fall back to an empty embedded database.
  if (options.databaseUrl) throw new Error('DATABASE_URL must start with postgres:// or postgresql://')
  return openPglite(options.dataDir, options.memoryTemplate)
}

async function openPglite(dataDir: string, memoryTemplate: Blob | undefined): Promise<DbHandle> {
  let pgliteDir: string | undefined
  if (dataDir !== MEMORY_DATA_DIR) {
    // A dump unpacked over files on disk would replace them: only an in-memory database starts from one.
    if (memoryTemplate) throw new Error('memoryTemplate needs the in-memory database (dataDir memory://)')
    pgliteDir = join(dataDir, 'pglite')
    await mkdir(pgliteDir, { recursive: true })
  }
  const client = await PGlite.create(pgliteDir, memoryTemplate ? { loadDataDir: memoryTemplate } : {})
  const db = drizzlePglite({ client, schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    throw error
  }
  return { db, driver: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') }
}

async function openPostgres(
  databaseUrl: string,
  onIdleConnectionError: (error: Error) => void = () => undefined,
): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // Without a listener, pg's 'error' event for an idle connection (the server restarted or dropped it) would be an
  // uncaught exception and take the process down.
  pool.on('error', onIdleConnectionError)
  try {
    // Two instances starting together would both apply the same migration; a session lock serialises them.
    const session = await pool.connect()
    try {
      await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migrateNodePg(drizzleNodePg({ client: session, schema }), { migrationsFolder })
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
      session.release()
    }
  } catch (error) {
    await pool.end()
    throw error
  }
  const db = drizzleNodePg({ client: pool, schema })
  return { db, driver: 'postgres', close: () => pool.end() }
}
