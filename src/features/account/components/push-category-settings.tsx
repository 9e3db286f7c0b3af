import { useId } from 'react'
import { Box, Grid } from 'styled-system/jsx'
import { Switch } from '../../../components/ui/switch'
import { Text } from '../../../components/ui/text'
import { toast } from '../../../components/ui/toast'
import { PUSH_CATEGORY_OPTIONS } from '../../../domain/notifications/preferences'
import { errorMessage } from '../../../lib/error-message'
import {
  useServerNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences'

/** Which events the server pushes to every device of this customer (decision 0037): kept on the server. */
export const PUSH_CATEGORY_TEXTS = {
  LEGEND: 'Also push',
  DESCRIPTION: 'To every device with push notifications on. Kept on your account.',
  SAVE_FAILED: 'Could not save the notification settings',
} as const

export function PushCategorySettings() {
  const preferences = useServerNotificationPreferences()
  const update = useUpdateNotificationPreferences()
  const legendId = useId()
  return (
    <Grid as="fieldset" gap="3" aria-labelledby={legendId} data-testid="push-category-settings">
      <Box>
        <Text as="span" size="sm" id={legendId}>
          {PUSH_CATEGORY_TEXTS.LEGEND}
        </Text>
        <Text size="xs" tone="muted">
          {PUSH_CATEGORY_TEXTS.DESCRIPTION}
        </Text>
      </Box>
      {PUSH_CATEGORY_OPTIONS.map((option) => (
        <Grid key={option.category} gap="0.5">
          <Switch
            label={option.label}
            checked={preferences.data?.push[option.category] ?? true}
            disabled={preferences.status !== 'success' || update.isPending}
            onCheckedChange={(details) =>
              update.mutate(
                { push: { [option.category]: details.checked } },
                {
                  onError: (error) =>
                    toast.error(PUSH_CATEGORY_TEXTS.SAVE_FAILED, { description: errorMessage(error) }),
                },
              )
            }
          />
          <Box ps="11">
            <Text size="xs" tone="muted">
              {option.description}
            </Text>
          </Box>
        </Grid>
      ))}
    </Grid>
  )
}
