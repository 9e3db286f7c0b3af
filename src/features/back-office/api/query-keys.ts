// The back office's query keys, defined once: the admin layout invalidates them when private-admin says something
// changed (requests.changed, client.updated), and each mutation invalidates the ones it touched.
export const BACK_OFFICE_KEYS = {
  all: ['back-office'] as const,
  clients: ['back-office', 'clients'] as const,
  clientList: (query: { status?: string; search?: string; page: number }) =>
    ['back-office', 'clients', 'list', query] as const,
  client: (id: number) => ['back-office', 'clients', 'one', id] as const,
  clientDeposits: (id: number) => ['back-office', 'clients', 'one', id, 'deposits'] as const,
  clientOrders: (id: number, list: 'pending' | 'history', page: number) =>
    ['back-office', 'clients', 'one', id, 'orders', list, page] as const,
  requests: ['back-office', 'requests'] as const,
  requestList: (query: { status?: string; type?: string; page: number }) =>
    ['back-office', 'requests', 'list', query] as const,
  requestsSummary: ['back-office', 'requests', 'summary'] as const,
  audit: ['back-office', 'audit'] as const,
  fundsSettings: ['back-office', 'funds-settings'] as const,
  legalSettings: ['back-office', 'legal-settings'] as const,
  auditList: (query: { user_id?: number; actor_id?: number; action?: string; page: number }) =>
    ['back-office', 'audit', 'list', query] as const,
} as const
