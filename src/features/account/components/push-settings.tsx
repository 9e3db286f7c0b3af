import { useState } from 'react'
import { Box, Grid } from 'styled-system/jsx'
import { AlertBox } from '../../../components/ui/alert-box'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { pushSwitchState, PUSH_TEXTS } from '../../../domain/notifications/web-push'
import { errorMessage } from '../../../lib/error-message'
import { HttpError } from '../../../lib/http'
import { pushSupported } from '../../../lib/web-push'
import { PushPermissionError, usePushDevice, useSetPushOnThisDevice } from '../api/push-subscription'

// 'Push notifications on this device' (decision 0037): on asks the browser's permission and subscribes this device,
// off unsubscribes it. Blocked, it says how to allow notifications in the browser's site settings, since a page
// cannot ask again. Shown only where the browser supports push.

export function PushSettings() {
  const [supported] = useState(pushSupported)
  if (!supported) return null
  return <PushSwitch />
}

function PushSwitch() {
  const device = usePushDevice(true)
  const setPush = useSetPushOnThisDevice()
  const [notice, setNotice] = useState<string | null>(null)
  const state = pushSwitchState(device.data?.permission ?? 'default', device.data?.subscribed ?? false)
  // A refusal made while turning it on counts at once, before the query reads the permission again.
  const blocked =
    state.blocked || (setPush.error instanceof PushPermissionError && setPush.error.permission === 'denied')

  const change = (on: boolean) => {
    setNotice(null)
    setPush.mutate(on, {
      onSuccess: () => toast.success(on ? PUSH_TEXTS.TURNED_ON : PUSH_TEXTS.TURNED_OFF),
      onError: (error) => {
        if (error instanceof PushPermissionError) {
          if (error.permission !== 'denied') setNotice(error.message)
          return
        }
        toast.error(on ? PUSH_TEXTS.SUBSCRIBE_FAILED : PUSH_TEXTS.UNSUBSCRIBE_FAILED, {
          description: error instanceof HttpError ? errorMessage(error) : error.message,
        })
      },
    })
  }

  return (
    <Grid gap="2" data-testid="push-settings">
      <Switch
        label={PUSH_TEXTS.LABEL}
        checked={state.checked}
        disabled={device.status !== 'success' || setPush.isPending || (blocked && !state.checked)}
        onCheckedChange={(details) => change(details.checked)}
      />
      <Box as="p" fontSize="xs" color="text.muted" ps="11">
        {PUSH_TEXTS.DESCRIPTION}
      </Box>
      {blocked ? (
        <AlertBox variant="warning" title={PUSH_TEXTS.BLOCKED_TITLE} description={PUSH_TEXTS.BLOCKED} />
      ) : null}
      {notice ? (
        <Box as="p" role="status" fontSize="sm" color="text.muted" ps="11">
          {notice}
        </Box>
      ) : null}
    </Grid>
  )
}
