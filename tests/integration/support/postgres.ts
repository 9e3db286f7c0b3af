// A throwaway PostgreSQL database for tests that must also hold on a real server (row locks, concurrent
// transactions). TEST_POSTGRES_URL points at the server's admin database; without it a local trust-auth PostgreSQL on
// 127.0.0.1:5432 is tried, and callers skip (with a warning) when neither answers.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Whether a PostgreSQL answers; throws only when TEST_POSTGRES_URL was given and does not. */
export async function postgresReachable(label: string): Promise<boolean> {
  return withAdminClient(async () => true).catch((error: unknown) => {
    if (process.env.TEST_POSTGRES_URL) throw error
    console.warn(`${label}: PostgreSQL parts skipped, none at ${adminUrl} (${String(error)})`)
    return false
  })
}

export interface ThrowawayDatabase {
  url: string
  drop: () => Promise<void>
}

export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `cfd_test_${randomBytes(6).toString('hex')}`
  // The name is ours (hex only), so interpolating it is safe; identifiers cannot be bound parameters.
  await withAdminClient((client) => client.query(`create database "${name}"`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  }
}
