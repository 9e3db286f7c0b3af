// The operator's funds settings (decision 0019): the broker's bank details for wires, the limits per method and the
// savings rate. They live in site_settings under `funds`, never in the public GET /settings: the admin reads them
// from GET /admin/settings and changes them with PATCH /admin/settings `{ funds: {...} }` (only what changed; the
// server deep-merges it over the stored ones and audits the change).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { AdminSettingsResponseSchema } from '../../../domain/contract/admin-settings'
import type { FundsSettings, FundsSettingsPatchSchema } from '../../../domain/contract/funds-options'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export type FundsSettingsPatch = z.input<typeof FundsSettingsPatchSchema>

export async function getFundsSettings(): Promise<FundsSettings> {
  const body = await http.get('/admin/settings', { schema: AdminSettingsResponseSchema })
  return body.data.funds
}

export const getFundsSettingsQueryOptions = () =>
  queryOptions({ queryKey: BACK_OFFICE_KEYS.fundsSettings, queryFn: getFundsSettings, staleTime: 30_000 })

export const useFundsSettings = () => useQuery(getFundsSettingsQueryOptions())

export async function updateFundsSettings(patch: FundsSettingsPatch): Promise<FundsSettings> {
  const body = await http.patch('/admin/settings', { funds: patch }, { schema: AdminSettingsResponseSchema })
  return body.data.funds
}

export function useUpdateFundsSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateFundsSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(BACK_OFFICE_KEYS.fundsSettings, saved)
      // The change wrote an audit row.
      void queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.audit })
    },
  })
}
