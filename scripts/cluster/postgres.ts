// The PostgreSQL database a local cluster shares (decision 0024): created when missing, on the server DATABASE_URL
// names, through its `postgres` maintenance database. Used by scripts/start-cluster.sh (the CLI below) and by tests.
//
// CLI: node --import tsx scripts/cluster/postgres.ts postgres://postgres@127.0.0.1:5432/cfd_cluster
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

/** The database DATABASE_URL names, created when missing; resolves true when it was created now. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl)
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error('DATABASE_URL must start with postgres://')
  const name = decodeURIComponent(url.pathname.slice(1))
  if (name === '') throw new Error('DATABASE_URL must name a database (postgres://user@host:port/NAME)')
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({ connectionString: maintenance.href, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${url.host} does not answer (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name])
    if (existing.rowCount) return false
    await client.query(`create database "${name.replaceAll('"', '""')}"`)
    return true
  } catch (error) {
    // Another starter created it in the meantime.
    if ((error as { code?: string }).code === '42P04') return false
    throw error
  } finally {
    await client.end()
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.argv[2]
  if (!url) {
    console.error('usage: node --import tsx scripts/cluster/postgres.ts postgres://user@host:port/name')
    process.exit(2)
  }
  ensureDatabase(url).then(
    (created) =>
      console.log(created ? `Created database ${new URL(url).pathname.slice(1)}` : 'Database exists'),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
