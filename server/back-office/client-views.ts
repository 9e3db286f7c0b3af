// What the back office reads of its clients (decision 0017): the Clients list, a page at a time or, without
// parameters, the chat console's whole list (polled every 30 s); and one client's whole picture (figures and open
// positions at the server's prices, pending requests of every kind, the latest ledger entries, the last refused
// order). Unread chat counts come from one grouped query beside the list, never one per user.
import { ADMIN_PAGE_SIZE, type AdminClient, type AdminUsersQuery } from '../../src/domain/contract'
import type { Repositories } from '../repositories'
import type { TradeEngine } from '../trading/engine'
import type { RequestQueue } from './request-queue'

export interface ClientViewsDependencies {
  repos: Pick<Repositories, 'users' | 'chat' | 'ledger'>
  trading: Pick<TradeEngine, 'accountAtMarket'>
  queue: Pick<RequestQueue, 'pendingOf'>
  now: () => Date
}

export function createClientViews(deps: ClientViewsDependencies) {
  const { repos, trading, queue, now } = deps

  return {
    /** GET /admin/users: without a page, status or search, every user (the chat console's list); else a page. */
    async list({ status, search, page }: AdminUsersQuery) {
      if (page === undefined && status === undefined && !search) {
        const [views, unread] = await Promise.all([
          repos.users.listViews(now()),
          repos.chat.unreadByCustomer(),
        ])
        return { data: views.map((view) => ({ ...view, unread_count: unread.get(view.id) ?? 0 })) }
      }
      const current = page ?? 1
      const [{ users: views, total }, unread] = await Promise.all([
        repos.users.listPage({ status, search, page: current, pageSize: ADMIN_PAGE_SIZE, now: now() }),
        repos.chat.unreadByCustomer(),
      ])
      return {
        data: views.map((view) => ({ ...view, unread_count: unread.get(view.id) ?? 0 })),
        meta: {
          current_page: current,
          last_page: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
          per_page: ADMIN_PAGE_SIZE,
          total,
        },
      }
    },

    /** GET /admin/users/{id}: the client's whole picture; undefined when there is no such user. */
    async picture(id: number): Promise<AdminClient | undefined> {
      const row = await repos.users.findById(id)
      const view = row && (await repos.users.findView(id, now()))
      if (!row || !view) return undefined
      const [account, ledger, lastSignIn, unread, pending] = await Promise.all([
        trading.accountAtMarket(id, row.balanceUsd),
        repos.ledger.latest(id),
        repos.users.lastSignIn(id),
        repos.chat.unreadByCustomer(),
        queue.pendingOf(id, ADMIN_PAGE_SIZE),
      ])
      return {
        ...view,
        unread_count: unread.get(id) ?? 0,
        phone: row.phone,
        country: row.country,
        created_at: row.createdAt.toISOString(),
        last_sign_in_at: lastSignIn?.toISOString() ?? null,
        ...account,
        pending_requests: pending,
        ledger,
        last_refused_order: row.lastRefusedOrder ?? null,
      }
    },
  }
}
