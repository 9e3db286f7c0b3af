// Seeding runs at every start: a second and third run must change nothing, including what an admin edited.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../../server/db/seed'
import { users } from '../../server/db/schema'
import { createTestApp } from './support/test-server'
import { tableCounts } from './support/table-counts'

describe('seed on PGlite', () => {
  let app: FastifyInstance

  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('seeds about 100 assets, both plans, the advisors, the currencies and both demo users', async () => {
    const counts = await tableCounts(app.db)
    expect(counts.assets).toBeGreaterThanOrEqual(90)
    expect(counts.assets).toBeLessThanOrEqual(110)
    expect(counts.plans).toBe(2)
    expect(counts.expert_advisors).toBeGreaterThanOrEqual(3)
    expect(counts.expert_advisors).toBeLessThanOrEqual(5)
    expect(counts.currencies).toBeGreaterThanOrEqual(4)
    expect(counts.users).toBe(2)
    expect(counts.site_settings).toBe(1)
  })

  it('changes nothing when run twice more, and keeps what an admin changed', async () => {
    await app.repos.settings.update({ name: 'Renamed by an admin' }, async () => {})
    const [demoBefore] = await app.db.select().from(users).where(eq(users.email, 'demo@example.com'))
    const countsBefore = await tableCounts(app.db)

    await seed(app.db, { demo: true })
    await seed(app.db, { demo: true })

    expect(await tableCounts(app.db)).toEqual(countsBefore)
    expect((await app.repos.settings.get()).name).toBe('Renamed by an admin')
    const [demoAfter] = await app.db.select().from(users).where(eq(users.email, 'demo@example.com'))
    // Same row, same password hash: the seed did not re-hash or reset the account.
    expect(demoAfter).toEqual(demoBefore)
  })
})
