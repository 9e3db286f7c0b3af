// The audit log (decision 0017, docs/architecture.md#money-requests-files-and-mail): one row per admin action,
// written through `record` inside the transaction that makes the change, so a change and its row commit or fail
// together. The table refuses UPDATE and DELETE (migration 0007); this module only ever inserts and reads.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { ADMIN_PAGE_SIZE, type AuditAction, type AuditEvent, type PageMeta } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { auditEvents, users } from '../db/schema'

export type AuditRepository = ReturnType<typeof createAuditRepository>

/** Who acted, from where: taken from the request by the route (server/back-office/audit-context.ts). */
export interface AuditActor {
  actorId: number
  requestId: string
  ip: string
}

export interface AuditEntry {
  action: AuditAction
  targetUserId: number | null
  before: unknown
  after: unknown
  reason?: string | null
}

/** A database handle or an open transaction: the row is written wherever the change is. */
export type AuditExecutor = Pick<Db, 'insert'>

export async function recordAudit(executor: AuditExecutor, actor: AuditActor, entry: AuditEntry) {
  await executor.insert(auditEvents).values({
    actorId: actor.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    requestId: actor.requestId,
    ip: actor.ip,
  })
}

export interface AuditFilter {
  userId?: number
  actorId?: number
  action?: string
  page: number
}

const actors = alias(users, 'actors')
const targets = alias(users, 'targets')

export function createAuditRepository(db: Db) {
  return {
    async page(filter: AuditFilter): Promise<{ data: AuditEvent[]; meta: PageMeta }> {
      const conditions: SQL[] = []
      if (filter.userId !== undefined) conditions.push(eq(auditEvents.targetUserId, filter.userId))
      if (filter.actorId !== undefined) conditions.push(eq(auditEvents.actorId, filter.actorId))
      if (filter.action) conditions.push(eq(auditEvents.action, filter.action))
      const where = conditions.length > 0 ? and(...conditions) : undefined
      const [rows, total] = await Promise.all([
        db
          .select({
            event: auditEvents,
            actorName: sql<string | null>`${actors.firstName} || ' ' || ${actors.lastName}`,
            targetName: sql<string | null>`${targets.firstName} || ' ' || ${targets.lastName}`,
          })
          .from(auditEvents)
          .leftJoin(actors, eq(actors.id, auditEvents.actorId))
          .leftJoin(targets, eq(targets.id, auditEvents.targetUserId))
          .where(where)
          .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((filter.page - 1) * ADMIN_PAGE_SIZE),
        db.$count(auditEvents, where),
      ])
      return {
        data: rows.map(({ event, actorName, targetName }) => ({
          id: event.id,
          actor_id: event.actorId,
          actor_name: actorName,
          action: event.action,
          target_user_id: event.targetUserId,
          target_name: targetName,
          before: event.before,
          after: event.after,
          reason: event.reason,
          request_id: event.requestId,
          ip: event.ip,
          created_at: event.createdAt.toISOString(),
        })),
        meta: {
          current_page: filter.page,
          last_page: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
          per_page: ADMIN_PAGE_SIZE,
          total,
        },
      }
    },
  }
}
