// Seeds reference data and, when asked, the demo accounts. Idempotent: every insert skips rows that already exist
// (by their natural key), so it runs on every start and never overwrites what an operator changed. One query first
// counts the rows it would insert: on every start but the first there are none, and the inserts are skipped.
import { eq, inArray, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { hashPassword } from '../lib/passwords'
import type { Db } from './client'
import { ASSET_SEEDS } from './seed-data/assets'
import {
  CURRENCY_SEEDS,
  DEMO_USERS,
  EXPERT_ADVISOR_SEEDS,
  PLAN_FEATURE_SEEDS,
  PLAN_SEEDS,
  type DemoUserSeed,
} from './seed-data/catalog'
import { DEFAULT_SITE_SETTINGS } from './seed-data/site-settings'
import {
  assets,
  currencies,
  expertAdvisors,
  ledgerEntries,
  notifications,
  planFeatures,
  plans,
  siteSettings,
  userExpertAdvisors,
  users,
} from './schema'

/** The reason of the ledger row that books money an account held before its history was kept. */
export const OPENING_BALANCE_REASON = 'Opening balance'

export async function seed(db: Db, options: { demo: boolean }): Promise<void> {
  if (await nothingMissing(db, options)) return
  await db.insert(siteSettings).values({ id: 1, value: DEFAULT_SITE_SETTINGS }).onConflictDoNothing()
  await db
    .insert(assets)
    .values([...ASSET_SEEDS])
    .onConflictDoNothing({ target: assets.assetId })
  await db
    .insert(currencies)
    .values([...CURRENCY_SEEDS])
    .onConflictDoNothing({ target: currencies.code })
  await db
    .insert(planFeatures)
    .values([...PLAN_FEATURE_SEEDS])
    .onConflictDoNothing({ target: planFeatures.slug })
  await db
    .insert(plans)
    .values([...PLAN_SEEDS])
    .onConflictDoNothing({ target: plans.slug })

  const planIdBySlug = await idsBySlug(
    db,
    plans,
    PLAN_SEEDS.map((plan) => plan.slug),
  )
  await db
    .insert(expertAdvisors)
    .values(
      EXPERT_ADVISOR_SEEDS.map(({ requiredPlan, ...advisor }) => ({
        ...advisor,
        requiredPlanId: requiredPlan === undefined ? null : requiredPlanId(planIdBySlug, requiredPlan),
      })),
    )
    .onConflictDoNothing({ target: expertAdvisors.slug })

  if (options.demo) {
    for (const demo of DEMO_USERS) await seedDemoUser(db, demo, planIdBySlug)
  }
}

/**
 * Whether every row the seed would insert is there already, by the natural keys its inserts skip on: one
 * statement where the inserts are seven or more (on PGlite the inserts were the slowest step of a restart after
 * opening the database: decision 0033, Restart).
 */
async function nothingMissing(db: Db, options: { demo: boolean }): Promise<boolean> {
  const wanted: [PgColumn, (string | number)[]][] = [
    [siteSettings.id, [1]],
    [assets.assetId, ASSET_SEEDS.map((asset) => asset.assetId)],
    [currencies.code, CURRENCY_SEEDS.map((currency) => currency.code)],
    [planFeatures.slug, PLAN_FEATURE_SEEDS.map((feature) => feature.slug)],
    [plans.slug, PLAN_SEEDS.map((plan) => plan.slug)],
    [expertAdvisors.slug, EXPERT_ADVISOR_SEEDS.map((advisor) => advisor.slug)],
    ...(options.demo ? [[users.email, DEMO_USERS.map((demo) => demo.email)] as [PgColumn, string[]]] : []),
  ]
  const [present] = await db
    .select(
      Object.fromEntries(
        wanted.map(([column, keys], index) => [
          `present${index}`,
          sql<number>`(select count(*) from ${column.table} where ${inArray(column, keys)})`.mapWith(Number),
        ]),
      ),
    )
    .from(sql`(select 1) as one`)
  return wanted.every(([, keys], index) => present?.[`present${index}`] === new Set(keys).size)
}

async function seedDemoUser(db: Db, demo: DemoUserSeed, planIdBySlug: Map<string, number>): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email))
  // Hashing costs ~50 ms and a new salt each time; skip it when the account is already there.
  if (existing) return

  const [created] = await db
    .insert(users)
    .values({
      email: demo.email,
      username: demo.username,
      firstName: demo.firstName,
      lastName: demo.lastName,
      country: 'united-states',
      nationality: 'united-states',
      phone: '+15550100',
      passwordHash: await hashPassword(demo.password),
      role: demo.role,
      status: 'active',
      accountId: demo.accountId,
      balanceUsd: demo.balanceUsd,
      accountTypeId: demo.plan === null ? null : requiredPlanId(planIdBySlug, demo.plan),
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
  // Another instance seeding at the same moment won the race; it also adds the extras below.
  if (!created) return

  // The balance is the sum of the ledger (decision 0019): the demo money is booked as the account's opening balance.
  if (Number(demo.balanceUsd) !== 0) {
    await db.insert(ledgerEntries).values({
      userId: created.id,
      kind: 'adjustment',
      adjustmentKind: 'deposit',
      amountUsd: demo.balanceUsd,
      balanceAfterUsd: demo.balanceUsd,
      reason: OPENING_BALANCE_REASON,
      idempotencyKey: 'opening-balance',
    })
  }

  if (demo.expertAdvisors.length > 0) {
    const advisorIds = await idsBySlug(db, expertAdvisors, demo.expertAdvisors)
    await db
      .insert(userExpertAdvisors)
      .values([...advisorIds.values()].map((expertAdvisorId) => ({ userId: created.id, expertAdvisorId })))
      .onConflictDoNothing()
  }
  if (demo.welcome) await db.insert(notifications).values({ userId: created.id, ...demo.welcome })
}

async function idsBySlug(
  db: Db,
  table: typeof plans | typeof expertAdvisors,
  slugs: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: table.id, slug: table.slug })
    .from(table)
    .where(inArray(table.slug, [...slugs]))
  return new Map(rows.map((row) => [row.slug, row.id]))
}

function requiredPlanId(planIdBySlug: Map<string, number>, slug: string): number {
  const id = planIdBySlug.get(slug)
  if (id === undefined) throw new Error(`Seed refers to unknown plan '${slug}'`)
  return id
}
