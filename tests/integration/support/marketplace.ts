// Helpers for the catalogue, marketplace, request and notification tests: the seeded advisors and plans by slug,
// and the calls as the client makes them.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import {
  CatalogResponseSchema,
  UserResponseSchema,
  type Catalog,
  type User,
} from '../../../src/domain/contract'
import { expertAdvisors, ledgerEntries, plans, userExpertAdvisors, users } from '../../../server/db/schema'
import { bearer } from './test-server'

export async function advisorIdOf(app: FastifyInstance, slug: string): Promise<number> {
  const [row] = await app.db
    .select({ id: expertAdvisors.id })
    .from(expertAdvisors)
    .where(eq(expertAdvisors.slug, slug))
  if (!row) throw new Error(`no advisor ${slug}`)
  return row.id
}

export async function planIdOf(app: FastifyInstance, slug: 'basic' | 'pro'): Promise<number> {
  const [row] = await app.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, slug))
  if (!row) throw new Error(`no plan ${slug}`)
  return row.id
}

export async function movePlan(app: FastifyInstance, userId: number, slug: 'basic' | 'pro'): Promise<void> {
  await app.db
    .update(users)
    .set({ accountTypeId: await planIdOf(app, slug) })
    .where(eq(users.id, userId))
}

export function purchase(app: FastifyInstance, token: string, expertAdvisorId: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/purchase/ea',
    headers: bearer(token),
    payload: { expert_advisor_id: expertAdvisorId },
  })
}

export function post(app: FastifyInstance, token: string, url: string, payload?: object) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  })
}

export async function catalogOf(app: FastifyInstance, token: string): Promise<Catalog> {
  const response = await app.inject({ url: '/api/v1/catalog', headers: bearer(token) })
  expect(response.statusCode, response.body).toBe(200)
  return CatalogResponseSchema.parse(response.json()).data
}

export async function userOf(app: FastifyInstance, token: string): Promise<User> {
  const response = await app.inject({ url: '/api/v1/user', headers: bearer(token) })
  expect(response.statusCode, response.body).toBe(200)
  return UserResponseSchema.parse(response.json()).data
}

/** The customer's 'ea_purchase' ledger rows for one advisor. */
export function purchasesOf(app: FastifyInstance, userId: number, advisorId: number) {
  return app.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.expertAdvisorId, advisorId),
        eq(ledgerEntries.kind, 'ea_purchase'),
      ),
    )
}

export async function ownsAdvisor(app: FastifyInstance, userId: number, advisorId: number): Promise<boolean> {
  const rows = await app.db
    .select()
    .from(userExpertAdvisors)
    .where(and(eq(userExpertAdvisors.userId, userId), eq(userExpertAdvisors.expertAdvisorId, advisorId)))
  return rows.length === 1
}
