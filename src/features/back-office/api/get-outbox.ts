// GET /admin/outbox?page= and GET /admin/outbox/{id} (decision 0020): the mail the product would have sent, kept in
// the database when no SMTP server is configured, newest first. Read-only; the keys live here, not in
// BACK_OFFICE_KEYS, because nothing else invalidates them (a new mail shows on the next visit or refresh).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { OutboxMailResponseSchema, OutboxResponseSchema } from '../../../domain/contract/mail-outbox'
import { http } from '../../../lib/http'

export const OUTBOX_KEYS = {
  all: ['back-office', 'outbox'] as const,
  page: (page: number) => ['back-office', 'outbox', 'page', page] as const,
  mail: (id: number) => ['back-office', 'outbox', 'mail', id] as const,
}

export const getOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: OUTBOX_KEYS.page(page),
    queryFn: () => http.get(`/admin/outbox?page=${page}`, { schema: OutboxResponseSchema }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  })

export const useOutbox = (page: number) => useQuery(getOutboxQueryOptions(page))

export const getOutboxMailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: OUTBOX_KEYS.mail(id),
    queryFn: async () => (await http.get(`/admin/outbox/${id}`, { schema: OutboxMailResponseSchema })).data,
    // A mail never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  })

export const useOutboxMail = (id: number | null) =>
  useQuery({ ...getOutboxMailQueryOptions(id ?? 0), enabled: id !== null })
