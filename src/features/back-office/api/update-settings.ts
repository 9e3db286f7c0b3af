// PATCH /admin/settings: the changed site settings only. The server audits the change in the same transaction and
// tells every open client on the public `site` channel; the settings query belongs to features/site, so the route
// that composes both invalidates it (features never import each other).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SiteSettingsPatch } from '../../../domain/contract/admin-settings'
import { SiteSettingsResponseSchema, type SiteSettings } from '../../../domain/contract/site'
import { http } from '../../../lib/http'
import { BACK_OFFICE_KEYS } from './query-keys'

export async function updateSettings(patch: SiteSettingsPatch): Promise<SiteSettings> {
  const body = await http.patch('/admin/settings', patch, { schema: SiteSettingsResponseSchema })
  return body.data
}

export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSettings,
    // The change wrote an audit row.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.audit }),
  })
}
