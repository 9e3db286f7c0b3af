// What the Settings page's forms share (site, funds, legal pages): the settings the form started from, followed while
// the admin has not touched the form and kept while they edit it; a save's answer as the new start; Discard back to
// the start; a save said alike (nothing to save, saved); and a refused save's field messages under the fields, or the
// server's sentence.
import { act, renderHook } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  saveSettings,
  toastSettingsSaveError,
  useSettingsBaseline,
} from '../../../src/features/back-office/components/settings-baseline'
import { FALLBACK_ERROR_MESSAGE } from '../../../src/lib/error-message'
import { HttpError } from '../../../src/lib/http'

const toasts = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }))
vi.mock('../../../src/components/ui/toast', () => ({ toast: toasts }))

interface Settings {
  name: string
  rate: number
}
type Values = { name: string; rate: string }
const toValues = (settings: Settings): Values => ({ name: settings.name, rate: String(settings.rate) })

function renderSettingsForm(initial: Settings) {
  return renderHook(
    ({ settings }: { settings: Settings }) => {
      const form = useForm<Values>({ defaultValues: toValues(settings) })
      // Read at render, as the forms do, so the form state is watched.
      const { isDirty } = form.formState
      return { form, isDirty, ...useSettingsBaseline(settings, form, toValues) }
    },
    { initialProps: { settings: initial } },
  )
}

const refusal = (errors?: Record<string, string[]>) =>
  new HttpError({
    message: 'The given data was invalid.',
    status: 422,
    statusText: 'Unprocessable Content',
    data: { message: 'The given data was invalid.', ...(errors ? { errors } : {}) },
    url: '/admin/settings',
    method: 'PATCH',
  })

describe('a settings form’s baseline', () => {
  it('follows new settings from the server while the form is untouched', () => {
    const view = renderSettingsForm({ name: 'Acme', rate: 2 })
    view.rerender({ settings: { name: 'Acme Markets', rate: 3 } })
    expect(view.result.current.form.getValues()).toEqual({ name: 'Acme Markets', rate: '3' })
    expect(view.result.current.baseline.current).toEqual({ name: 'Acme Markets', rate: 3 })
  })

  it('keeps the admin’s edits, and its start, when the server’s settings change under them', () => {
    const view = renderSettingsForm({ name: 'Acme', rate: 2 })
    act(() => view.result.current.form.setValue('name', 'Acme FX', { shouldDirty: true }))
    expect(view.result.current.isDirty).toBe(true)
    view.rerender({ settings: { name: 'Acme Markets', rate: 3 } })
    expect(view.result.current.form.getValues()).toEqual({ name: 'Acme FX', rate: '2' })
    expect(view.result.current.baseline.current).toEqual({ name: 'Acme', rate: 2 })
  })

  it('takes a save’s answer as the new start, and Discard goes back to the start', () => {
    const view = renderSettingsForm({ name: 'Acme', rate: 2 })
    act(() => view.result.current.form.setValue('rate', '4', { shouldDirty: true }))
    act(() => view.result.current.adopt({ name: 'Acme', rate: 4 }))
    expect(view.result.current.baseline.current).toEqual({ name: 'Acme', rate: 4 })
    expect(view.result.current.isDirty).toBe(false)
    act(() => view.result.current.form.setValue('name', 'Other', { shouldDirty: true }))
    act(() => view.result.current.discard())
    expect(view.result.current.form.getValues()).toEqual({ name: 'Acme', rate: '4' })
    expect(view.result.current.isDirty).toBe(false)
  })
})

describe('a refused save', () => {
  beforeEach(() => toasts.error.mockReset())

  it('puts the field messages under the form’s fields, the first focused, and says the form needs correcting', () => {
    const setError = vi.fn()
    toastSettingsSaveError(
      refusal({ 'funds.rate': ['Too high.'], 'funds.unknown': ['Ignored.'] }),
      (serverName) => (serverName === 'funds.rate' ? 'rate' : null),
      setError,
      'Some settings need correcting.',
    )
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'rate',
      { type: 'server', message: 'Too high.' },
      { shouldFocus: true },
    )
    expect(toasts.error).toHaveBeenCalledExactlyOnceWith('Some settings need correcting.')
  })

  it('says the server’s sentence when no field takes a message, and a plain one for a 5xx', () => {
    const setError = vi.fn()
    toastSettingsSaveError(refusal(), () => null, setError, 'Some settings need correcting.')
    expect(toasts.error).toHaveBeenLastCalledWith('The given data was invalid.')
    toastSettingsSaveError(new Error('boom'), () => null, setError, 'Some settings need correcting.')
    expect(toasts.error).toHaveBeenLastCalledWith(FALLBACK_ERROR_MESSAGE)
    expect(setError).not.toHaveBeenCalled()
  })
})

describe('a save', () => {
  const messages = { SAVED: 'Settings saved.', NOTHING_CHANGED: 'No changes to save.' } as const
  beforeEach(() => Object.values(toasts).forEach((toast) => toast.mockReset()))

  it('says there is nothing to save, and sends nothing, when nothing changed', () => {
    const update = { mutate: vi.fn() }
    saveSettings({ patch: null, update, adopt: vi.fn(), messages, onError: vi.fn() })
    expect(update.mutate).not.toHaveBeenCalled()
    expect(toasts.info).toHaveBeenCalledExactlyOnceWith('No changes to save.')
  })

  it('sends the patch, takes the answer as the start, says so and hands it on', () => {
    const saved: Settings = { name: 'Acme', rate: 4 }
    const update = {
      mutate: vi.fn((_patch: { rate: number }, callbacks: { onSuccess(saved: Settings): void }) =>
        callbacks.onSuccess(saved),
      ),
    }
    const adopt = vi.fn()
    const onSaved = vi.fn()
    saveSettings({ patch: { rate: 4 }, update, adopt, messages, onError: vi.fn(), onSaved })
    expect(update.mutate.mock.calls[0]?.[0]).toEqual({ rate: 4 })
    expect(adopt).toHaveBeenCalledExactlyOnceWith(saved)
    expect(toasts.success).toHaveBeenCalledExactlyOnceWith('Settings saved.')
    expect(onSaved).toHaveBeenCalledExactlyOnceWith(saved)
  })

  it('leaves a refusal to the form, and keeps its start', () => {
    const error = refusal()
    const update = {
      mutate: vi.fn((_patch: { rate: number }, callbacks: { onError(error: unknown): void }) =>
        callbacks.onError(error),
      ),
    }
    const adopt = vi.fn()
    const onError = vi.fn()
    saveSettings({ patch: { rate: 4 }, update, adopt, messages, onError })
    expect(onError).toHaveBeenCalledExactlyOnceWith(error)
    expect(adopt).not.toHaveBeenCalled()
    expect(toasts.success).not.toHaveBeenCalled()
  })
})
