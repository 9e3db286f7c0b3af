// The back office (decision 0017): the client management team's console at /admin. Clients, the one request queue,
// site settings and the audit log; the chat console's customer panel. The routes under /admin compose these and
// subscribe private-admin; this feature imports no other feature.
export { AdminShell, ADMIN_NAV_ITEMS } from './components/admin-shell'
export { BACK_OFFICE_KEYS } from './api/query-keys'
export { useRequestsSummary, getRequestsSummaryQueryOptions } from './api/get-requests-summary'
export { useClient, getClientQueryOptions } from './api/get-client'
export { useDecideRequest, decideRequest, type DecideRequestInput } from './api/decide-request'
export { ClientPanel, type ClientPanelProps } from './components/client-panel'
export { useRequests, getRequestsQueryOptions, getRequests, type RequestsQuery } from './api/get-requests'
export { RequestQueue, type RequestQueueProps } from './components/request-queue'
export { RequestQueueFilters } from './components/request-queue-filters'
export { useUpdateSettings, updateSettings } from './api/update-settings'
export { SiteSettingsForm, type SiteSettingsFormProps } from './components/site-settings-form'
export { AuditLog, type AuditLogProps } from './components/audit-log'
export { AuditLogFilters } from './components/audit-log-filters'
export { useAudit, getAuditQueryOptions, getAudit, type AuditQuery, type AuditPage } from './api/get-audit'
export {
  useClients,
  getClientsQueryOptions,
  getClients,
  type ClientsQuery,
  type ClientRow,
} from './api/get-clients'
export { ClientsList, type ClientsListProps } from './components/clients-list'
export { ClientPage } from './components/client-page'
export { ClientStatusBadge, OnlineDot, CLIENT_STATUS_LABELS } from './components/client-status-badge'
export { ClientPositionsTable } from './components/client-positions-table'
export { FundsSettingsForm } from './components/funds-settings-form'
export { useFundsSettings, getFundsSettingsQueryOptions } from './api/funds-settings'
export { LegalSettingsForm } from './components/legal-settings-form'
export { useLegalSettings, getLegalSettingsQueryOptions } from './api/legal-settings'
export { Outbox } from './components/outbox'
export { getOutboxQueryOptions } from './api/get-outbox'
export {
  StaffOnline,
  staffMemberOf,
  type StaffMember,
  type StaffOnlineProps,
} from './components/staff-online'
