import { Box, Grid } from 'styled-system/jsx'
import { Switch } from '../../../components/ui/switch'
import { TOAST_EVENT_OPTIONS } from '../../../domain/notifications/preferences'
import {
  notificationPreferencesStore,
  useNotificationPreferences,
} from '../../../lib/notification-preferences'
import { AccountSection } from './account-section'
import { PushCategorySettings } from './push-category-settings'
import { PushSettings } from './push-settings'

/**
 * The notification sound and which unasked events show a toast, per browser; push on this device; and which events
 * the server pushes, per customer (decision 0037).
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences()
  return (
    <AccountSection
      title="Notifications"
      description="Kept on this browser. Notifications always appear in the alert at the top of the page."
    >
      <Grid gap="4">
        <Switch
          label="Notification sound"
          checked={preferences.sound}
          onCheckedChange={(details) =>
            notificationPreferencesStore.update((current) => ({ ...current, sound: details.checked }))
          }
        />
        <Grid as="fieldset" gap="3">
          <Box as="legend" textStyle="label" mb="2">
            Show a pop-up message for
          </Box>
          {TOAST_EVENT_OPTIONS.map((option) => (
            <Grid key={option.event} gap="0.5">
              <Switch
                label={option.label}
                checked={preferences.toasts[option.event]}
                onCheckedChange={(details) =>
                  notificationPreferencesStore.update((current) => ({
                    ...current,
                    toasts: { ...current.toasts, [option.event]: details.checked },
                  }))
                }
              />
              <Box as="p" fontSize="xs" color="text.muted" ps="11">
                {option.description}
              </Box>
            </Grid>
          ))}
        </Grid>
        <PushSettings />
        <PushCategorySettings />
      </Grid>
    </AccountSection>
  )
}
