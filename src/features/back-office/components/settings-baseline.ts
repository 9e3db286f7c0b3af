// What the Settings page's forms share (the site's, decision 0017; the funds', decision 0019; the legal pages',
// decision 0022): each sends only what the admin changed since the form started, so each keeps what it started from
// and follows the server while the admin has not touched it; each says a save alike, and puts the server's field
// messages under its fields.
import { useEffect, useRef } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { toast } from '../../../components/ui/toast'
import { errorMessage, placeFieldErrors } from '../../../lib/error-message'

/**
 * The settings a form started from (`baseline.current`, what its patch is counted against, so the patch holds what
 * this admin changed, not what another admin changed). Another admin saved while this page was open: an untouched
 * form follows the new settings, one being edited keeps its edits. `adopt` takes a save's answer as the new start;
 * `discard` puts the form back to the start.
 */
export function useSettingsBaseline<Settings, Values extends FieldValues, Context, Output>(
  settings: Settings,
  form: UseFormReturn<Values, Context, Output>,
  toValues: (settings: Settings) => NoInfer<Values>,
) {
  const baseline = useRef(settings)
  const { reset } = form
  useEffect(() => {
    if (form.formState.isDirty) return
    baseline.current = settings
    reset(toValues(settings))
    // Only new settings from the server reset the form; the form's own state changing must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings, reset])
  const adopt = (saved: Settings) => {
    baseline.current = saved
    reset(toValues(saved))
  }
  const discard = () => reset(toValues(baseline.current))
  return { baseline, adopt, discard }
}

/**
 * A save the server refused: its field messages under their fields (`fieldOf` names the form's field for a server
 * name, or null) and `correcting` as the toast, or the server's sentence when no field took one.
 */
export function toastSettingsSaveError<Field extends string>(
  error: unknown,
  fieldOf: (serverName: string) => Field | null,
  setError: Parameters<typeof placeFieldErrors<Field>>[2],
  correcting: string,
) {
  const placed = placeFieldErrors(error, fieldOf, setError)
  toast.error(placed ? correcting : errorMessage(error))
}

/**
 * Saves a form's changes: with none (`patch` null) it says `NOTHING_CHANGED` and sends nothing; else `update` sends
 * them, and the answer becomes the form's start (`adopt`) with `SAVED` said, or `onError` says why it was refused.
 */
export function saveSettings<Patch, Settings>(save: {
  patch: Patch | null
  update: {
    mutate(patch: Patch, callbacks: { onSuccess(saved: Settings): void; onError(error: unknown): void }): void
  }
  adopt: (saved: Settings) => void
  messages: { readonly SAVED: string; readonly NOTHING_CHANGED: string }
  onError: (error: unknown) => void
  onSaved?: (saved: Settings) => void
}) {
  if (!save.patch) {
    toast.info(save.messages.NOTHING_CHANGED)
    return
  }
  save.update.mutate(save.patch, {
    onSuccess: (saved) => {
      save.adopt(saved)
      toast.success(save.messages.SAVED)
      save.onSaved?.(saved)
    },
    onError: save.onError,
  })
}
