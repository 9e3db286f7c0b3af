// Owns the database connection: embedded PGlite by default, PostgreSQL when a postgres:// URL is given.
// Both run the same migrations at start; callers get one Drizzle handle and must call `close()` (an open
// PGlite keeps Node alive).
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
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
  /** Called as each phase ends: 'database open' (PGlite's recovery included), then 'migrations'. */
  onPhase?: (phase: string) => void
  /** PGlite on disk: how often it checkpoints (PGLITE_CHECKPOINT_INTERVAL_MS; tests shorten it). */
  checkpointIntervalMs?: number
  /** PGlite on disk: a periodic checkpoint failed (the next one tries again). */
  onCheckpointError?: (error: Error) => void
}

/**
 * PGlite on disk runs a checkpoint this often when anything was written since the last one. It runs PostgreSQL
 * single-user, without the checkpointer process, so nothing else checkpoints before 1 GB of WAL: after a kill -9,
 * recovery would replay everything written since the server started. A checkpoint only writes dirty pages to
 * the data files; it changes nothing about which commits survive (decision 0033, Restart).
 */
const PGLITE_CHECKPOINT_INTERVAL_MS = 30_000
/**
 * V8 optimises a WebAssembly function with TurboFan once it has run about 1.8 MB of its bytes. PGlite's PostgreSQL
 * is 9 MB of wasm, and starting it (recovery, catalogue caches, the first queries) runs thousands of functions a few
 * times each: on two cores V8 spent about half a second of CPU optimising code that then seldom ran again. A budget
 * 100 times larger optimises only what stays hot; queries after the first minute ran as fast (decision 0033).
 */
const WASM_TIERING_BUDGET = 180_000_000

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if (isPostgresUrl(options.databaseUrl))
    return openPostgres(options.databaseUrl, options.onIdleConnectionError, options.onPhase)
  // A mistyped DATABASE_URL must not quietly fall back to an empty embedded database.
  if (options.databaseUrl) throw new Error('DATABASE_URL must start with postgres:// or postgresql://')
  return openPglite(options)
}

async function openPglite(options: OpenDatabaseOptions): Promise<DbHandle> {
  const { dataDir, memoryTemplate, onPhase = () => undefined } = options
  let pgliteDir: string | undefined
  if (dataDir !== MEMORY_DATA_DIR) {
    // A dump unpacked over files on disk would replace them: only an in-memory database starts from one.
    if (memoryTemplate) throw new Error('memoryTemplate needs the in-memory database (dataDir memory://)')
    pgliteDir = join(dataDir, 'pglite')
    await mkdir(pgliteDir, { recursive: true })
  }
  // Each engine's driver loads only when used: a server on one never pays for loading the other.
  const [{ PGlite }, { drizzle }, { migrate }, { preparedStatementClient }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-statements'),
  ])
  // Before the wasm module is instantiated: the budget is read then.
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`)
  const client = await PGlite.create(pgliteDir, memoryTemplate ? { loadDataDir: memoryTemplate } : {})
  // Drizzle's queries run as prepared statements: PGlite's own query() parses and plans each anew (decision 0035).
  const db = drizzle({ client: preparedStatementClient(client) as typeof client, schema })
  onPhase('database open')
  try {
    await migrate(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    throw error
  }
  onPhase('migrations')
  const checkpoints =
    pgliteDir === undefined
      ? undefined
      : checkpointPeriodically(
          client,
          options.checkpointIntervalMs ?? PGLITE_CHECKPOINT_INTERVAL_MS,
          options.onCheckpointError,
        )
  return {
    db,
    driver: 'pglite',
    close: async () => {
      await checkpoints?.stop()
      await client.close()
    },
    dump: () => client.dumpDataDir('none'),
  }
}

interface CheckpointClient {
  query<T>(query: string): Promise<{ rows: T[] }>
  exec(query: string): Promise<unknown>
}

/** Checkpoints every `intervalMs` when the WAL moved since the last one; `stop` waits for one under way. */
function checkpointPeriodically(
  client: CheckpointClient,
  intervalMs: number,
  onError: (error: Error) => void = () => undefined,
) {
  const walPosition = async () =>
    (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]?.lsn
  let checkpointedAt: string | undefined
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    if (running) return
    running = (async () => {
      if ((await walPosition()) === checkpointedAt) return
      await client.exec('CHECKPOINT')
      // The checkpoint writes its own WAL record: the position after it is the one that means 'nothing new'.
      checkpointedAt = await walPosition()
    })()
      .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        running = undefined
      })
  }, intervalMs)
  // The HTTP server keeps the process alive, not this.
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

async function openPostgres(
  databaseUrl: string,
  onIdleConnectionError: (error: Error) => void = () => undefined,
  onPhase: (phase: string) => void = () => undefined,
): Promise<DbHandle> {
  const [{ default: pg }, { drizzle }, { migrate }, { nameStatements }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./postgres-statements'),
  ])
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // Each connection prepares Drizzle's statements once rather than parsing and planning each anew (decision 0035).
  pool.on('connect', (client) => nameStatements(client))
  // Without a listener, pg's 'error' event for an idle connection (the server restarted or dropped it) would be an
  // uncaught exception and take the process down.
  pool.on('error', onIdleConnectionError)
  try {
    // Two instances starting together would both apply the same migration; a session lock serialises them.
    const session = await pool.connect()
    onPhase('database open')
    try {
      await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migrate(drizzle({ client: session, schema }), { migrationsFolder })
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
      session.release()
    }
  } catch (error) {
    await pool.end()
    throw error
  }
  onPhase('migrations')
  const db = drizzle({ client: pool, schema })
  return { db, driver: 'postgres', close: () => pool.end() }
}
