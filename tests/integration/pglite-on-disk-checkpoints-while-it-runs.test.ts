// PGlite runs PostgreSQL single-user, without its checkpointer: left alone it checkpoints only after 1 GB of WAL, so a
// kill -9 made the next start replay everything written since the previous one (decision 0033, Restart). On disk,
// the server checkpoints every so often when something was written: a crash then replays only what came after.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '../../server/db/client'
import { currencies } from '../../server/db/schema'

let dataDir: string
let handle: DbHandle
const failures: Error[] = []

/** The first row's one text column. PGlite and node-postgres both answer `{ rows }`. */
async function text(query: ReturnType<typeof sql>): Promise<string> {
  const result = (await handle.db.execute(query)) as unknown as { rows: { value: string }[] }
  return result.rows[0]!.value
}

/** Where recovery after a crash would start replaying the WAL. */
const redoStart = () => text(sql`select redo_lsn::text as value from pg_control_checkpoint()`)
const walPosition = () => text(sql`select pg_current_wal_insert_lsn()::text as value`)
const isBefore = (left: string, right: string) =>
  text(sql`select (${left}::pg_lsn < ${right}::pg_lsn)::text as value`).then((value) => value === 'true')

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cfd-checkpoints-'))
  handle = await openDatabase({
    dataDir,
    checkpointIntervalMs: 100,
    onCheckpointError: (error) => failures.push(error),
  })
})
afterAll(async () => {
  await handle?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

it('moves the point a crash would replay from past what was written', async () => {
  await handle.db
    .insert(currencies)
    .values(
      Array.from({ length: 200 }, (_, index) => ({ code: `Q${index}`, name: 'Bench', symbol: 'Q', rate: 1 })),
    )
  const written = await walPosition()
  expect(await isBefore(await redoStart(), written)).toBe(true)

  // Polled, not timed: the test runner's own time-out is the only limit.
  while (await isBefore(await redoStart(), written)) await new Promise((resolve) => setTimeout(resolve, 50))
  expect(failures).toEqual([])
})
