// The catalogue (docs/product/data-model.md#currency, #account-plan and #expert-advisor) and the customer's advisors:
// what GET /catalog and GET /expert_advisors list, buying an advisor, and its Running/Stopped switch.
//
// Buying is one transaction under the customer's row lock: the ownership row, the debit and the ledger row commit
// together or not at all. Two purchases of one advisor by one customer queue on that lock, and the second finds
// the advisor owned; the primary key of user_expert_advisors and the partial unique index on the ledger
// (one 'ea_purchase' per customer and advisor) back the lock up. The price is subtracted in SQL, numeric to
// numeric, so no float ever touches the balance.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Catalog, Currency, ExpertAdvisor, Plan, PlanFeature } from '../../src/domain/contract'
import type { Db } from '../db/client'
import {
  currencies,
  expertAdvisors,
  ledgerEntries,
  planFeatures,
  plans,
  userExpertAdvisors,
  users,
} from '../db/schema'
import { moneyToJson } from '../lib/money'
import type { UserRow } from './users'

export type CatalogRepository = ReturnType<typeof createCatalogRepository>
type AdvisorRow = typeof expertAdvisors.$inferSelect
type PlanRow = typeof plans.$inferSelect

export type PurchaseResult =
  /** Bought now; `chargedUsd` is the price debited ('0.00' for a free advisor, or one paid for before). */
  | { kind: 'purchased'; chargedUsd: string; balanceAfterUsd: string }
  /** Already in the customer's eas: nothing charged, nothing written. */
  | { kind: 'already_owned' }
  | { kind: 'not_found' }
  | { kind: 'not_for_plan' }
  | { kind: 'account_not_active'; status: UserRow['status'] }
  | { kind: 'insufficient_balance'; balanceUsd: string; priceUsd: string }

/** Thrown inside the purchase transaction to roll back the ownership row when the balance turns out short. */
class InsufficientBalance extends Error {
  constructor(
    readonly balanceUsd: string,
    readonly priceUsd: string,
  ) {
    super('insufficient balance')
  }
}

/** The caller's side of an advisor: whether they own it, may buy it, and run it. */
interface Ownership {
  planId: number | null
  owned: Map<number, { running: boolean }>
}

function toAdvisorView(advisor: AdvisorRow, ownership: Ownership): ExpertAdvisor {
  const owned = ownership.owned.get(advisor.id)
  return {
    id: advisor.id,
    name: advisor.name,
    description: advisor.description,
    amount_val: moneyToJson(advisor.priceUsd),
    // numeric(18,2) text already has its two decimals.
    amount: advisor.priceUsd,
    image: advisor.image,
    type: advisor.type,
    rating: advisor.rating,
    downloads: advisor.downloads,
    required_plan_id: advisor.requiredPlanId,
    owned: owned !== undefined,
    available: advisor.requiredPlanId === null || advisor.requiredPlanId === ownership.planId,
    running: owned?.running ?? false,
  }
}

/**
 * docs/product/data-model.md#account-plan: one value per plan_features row, in order; a plan edited to have fewer or
 * more is padded or cut.
 */
function toPlanView(plan: PlanRow, featureCount: number): Plan {
  const features = Array.from({ length: featureCount }, (_, index) => plan.features[index] ?? '')
  return {
    id: plan.id,
    title: plan.title,
    color: plan.color,
    icon: plan.icon,
    image: plan.image,
    leverage: plan.leverage,
    features,
    recommended: plan.recommended,
  }
}

export function createCatalogRepository(db: Db) {
  async function ownershipOf(userId: number): Promise<Ownership> {
    const [user] = await db.select({ planId: users.accountTypeId }).from(users).where(eq(users.id, userId))
    const rows = await db
      .select({ id: userExpertAdvisors.expertAdvisorId, running: userExpertAdvisors.running })
      .from(userExpertAdvisors)
      .where(eq(userExpertAdvisors.userId, userId))
    return {
      planId: user?.planId ?? null,
      owned: new Map(rows.map((row) => [row.id, { running: row.running }])),
    }
  }

  async function advisorFor(userId: number, advisorId: number): Promise<ExpertAdvisor | undefined> {
    const [[row], ownership] = await Promise.all([
      db.select().from(expertAdvisors).where(eq(expertAdvisors.id, advisorId)),
      ownershipOf(userId),
    ])
    return row && toAdvisorView(row, ownership)
  }

  async function advisorsFor(userId: number): Promise<ExpertAdvisor[]> {
    const [rows, ownership] = await Promise.all([
      db.select().from(expertAdvisors).orderBy(asc(expertAdvisors.id)),
      ownershipOf(userId),
    ])
    return rows.map((row) => toAdvisorView(row, ownership))
  }

  return {
    /** GET /catalog: currencies (USD first), plans in their order, the comparison rows, the caller's advisors. */
    async catalogFor(userId: number): Promise<Catalog> {
      const [currencyRows, planRows, featureRows, advisors] = await Promise.all([
        db
          .select()
          .from(currencies)
          .orderBy(desc(sql`${currencies.code} = 'USD'`), asc(currencies.code)),
        db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id)),
        db.select().from(planFeatures).orderBy(asc(planFeatures.sortOrder), asc(planFeatures.id)),
        advisorsFor(userId),
      ])
      const planFeatureViews: PlanFeature[] = featureRows.map((row) => ({
        id: row.id,
        title: row.title,
        kind: row.kind,
      }))
      const currencyViews: Currency[] = currencyRows.map((row) => ({
        code: row.code,
        name: row.name,
        symbol: row.symbol,
        rate: row.rate,
      }))
      return {
        currencies: currencyViews,
        plans: planRows.map((plan) => toPlanView(plan, featureRows.length)),
        plan_features: planFeatureViews,
        expert_advisors: advisors,
      }
    },

    /** GET /expert_advisors: the same list as the catalogue's. */
    advisorsFor,

    advisorFor,

    /**
     * Buys the advisor for the customer, or answers why not. Idempotent: an advisor already owned answers
     * 'already_owned' and charges nothing, also when two purchases race (see the file's opening comment).
     */
    async purchase(userId: number, advisorId: number, now: Date): Promise<PurchaseResult> {
      try {
        return await db.transaction(async (tx): Promise<PurchaseResult> => {
          const [account] = await tx
            .select({ status: users.status, planId: users.accountTypeId })
            .from(users)
            .where(eq(users.id, userId))
            .for('update')
          if (!account) return { kind: 'not_found' }
          const [advisor] = await tx.select().from(expertAdvisors).where(eq(expertAdvisors.id, advisorId))
          if (!advisor) return { kind: 'not_found' }

          // Owned already: success again, before any refusal, so a retried purchase never reads as a failure
          // (not even after a plan change or with the balance spent since).
          const [owned] = await tx
            .select({ id: userExpertAdvisors.expertAdvisorId })
            .from(userExpertAdvisors)
            .where(
              and(eq(userExpertAdvisors.userId, userId), eq(userExpertAdvisors.expertAdvisorId, advisorId)),
            )
          if (owned) return { kind: 'already_owned' }

          if (account.status !== 'active') return { kind: 'account_not_active', status: account.status }
          if (advisor.requiredPlanId !== null && advisor.requiredPlanId !== account.planId) {
            return { kind: 'not_for_plan' }
          }

          const [inserted] = await tx
            .insert(userExpertAdvisors)
            .values({ userId, expertAdvisorId: advisorId, purchasedAt: now })
            .onConflictDoNothing()
            .returning({ id: userExpertAdvisors.expertAdvisorId })
          // Someone bypassing the lock (another writer of ownership rows) got there first: owned, so no charge.
          if (!inserted) return { kind: 'already_owned' }

          // Paid for before (ownership since removed by the back office): given back without a second charge.
          const [paid] = await tx
            .select({ id: ledgerEntries.id })
            .from(ledgerEntries)
            .where(
              and(
                eq(ledgerEntries.userId, userId),
                eq(ledgerEntries.expertAdvisorId, advisorId),
                eq(ledgerEntries.kind, 'ea_purchase'),
              ),
            )
          const price = sql`cast(${advisor.priceUsd} as numeric(18, 2))`
          if (paid || Number(advisor.priceUsd) === 0) {
            const [balance] = await tx
              .select({ balanceUsd: users.balanceUsd })
              .from(users)
              .where(eq(users.id, userId))
            return { kind: 'purchased', chargedUsd: '0.00', balanceAfterUsd: balance?.balanceUsd ?? '0.00' }
          }

          // The comparison is numeric too: the debit happens only when the balance covers the price.
          const [debited] = await tx
            .update(users)
            .set({ balanceUsd: sql`${users.balanceUsd} - ${price}` })
            .where(and(eq(users.id, userId), sql`${users.balanceUsd} >= ${price}`))
            .returning({ balanceUsd: users.balanceUsd })
          if (!debited) {
            const [balance] = await tx
              .select({ balanceUsd: users.balanceUsd })
              .from(users)
              .where(eq(users.id, userId))
            throw new InsufficientBalance(balance?.balanceUsd ?? '0.00', advisor.priceUsd)
          }
          await tx.insert(ledgerEntries).values({
            userId,
            kind: 'ea_purchase',
            amountUsd: `-${advisor.priceUsd}`,
            balanceAfterUsd: debited.balanceUsd,
            expertAdvisorId: advisorId,
            createdAt: now,
          })
          return { kind: 'purchased', chargedUsd: advisor.priceUsd, balanceAfterUsd: debited.balanceUsd }
        })
      } catch (error) {
        if (error instanceof InsufficientBalance) {
          return { kind: 'insufficient_balance', balanceUsd: error.balanceUsd, priceUsd: error.priceUsd }
        }
        throw error
      }
    },

    /** The Running/Stopped switch of an advisor the customer owns; undefined when they do not own it. */
    async setRunning(
      userId: number,
      advisorId: number,
      running: boolean,
    ): Promise<ExpertAdvisor | undefined> {
      const [updated] = await db
        .update(userExpertAdvisors)
        .set({ running })
        .where(and(eq(userExpertAdvisors.userId, userId), eq(userExpertAdvisors.expertAdvisorId, advisorId)))
        .returning({ id: userExpertAdvisors.expertAdvisorId })
      if (!updated) return undefined
      const advisor = await advisorFor(userId, advisorId)
      if (!advisor) throw new Error(`advisor ${advisorId} vanished after its switch was set`)
      return advisor
    },
  }
}
