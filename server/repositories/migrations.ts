// How many of the schema's migrations this database has applied (GET /readyz compares it with MIGRATION_COUNT).
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** The applied migrations' count, or -1 when the database does not answer. */
export function appliedMigrations(db: Pick<Db, 'execute'>): Promise<number> {
  return db
    .execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)
    .then((result) => {
      // PGlite and node-postgres both answer `{ rows }`.
      const first = (result as { rows?: { applied?: unknown }[] }).rows?.[0]
      return Number(first?.applied ?? -1)
    })
    .catch(() => -1)
}
