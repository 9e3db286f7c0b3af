// The legal and help pages' texts (decision 0022). Stored in site_settings under `legal`, never in the public GET
// /settings: the admin reads them from GET /admin/settings and changes them with PATCH /admin/settings
// `{ legal: {...} }` (only the pages that changed; the server audits the change). The public pages read one at a
// time from GET /legal/{document}.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AdminSettingsResponseSchema } from '../../../domain/contract/admin-settings'
import type { LegalTexts, LegalTextsPatch } from '../../../domain/contract/legal'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export async function getLegalSettings(): Promise<LegalTexts> {
  const body = await http.get('/admin/settings', { schema: AdminSettingsResponseSchema })
  return body.data.legal
}

export const getLegalSettingsQueryOptions = () =>
  queryOptions({ queryKey: BACK_OFFICE_KEYS.legalSettings, queryFn: getLegalSettings, staleTime: 30_000 })

export const useLegalSettings = () => useQuery(getLegalSettingsQueryOptions())

export async function updateLegalSettings(patch: LegalTextsPatch): Promise<LegalTexts> {
  const body = await http.patch('/admin/settings', { legal: patch }, { schema: AdminSettingsResponseSchema })
  return body.data.legal
}

export function useUpdateLegalSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateLegalSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(BACK_OFFICE_KEYS.legalSettings, saved)
      // The public pages this browser has open read the new text next time; the change wrote an audit row.
      void queryClient.invalidateQueries({ queryKey: ['legal'] })
      void queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.audit })
    },
  })
}
