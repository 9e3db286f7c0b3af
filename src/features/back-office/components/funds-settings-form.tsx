import { zodResolver } from '@hookform/resolvers/zod'
import type { FormEvent, ReactNode } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box, Grid } from 'styled-system/jsx'
import { grid, visuallyHidden, wrap } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import * as Card from '../../../components/ui/card'
import { TextField } from '../../../components/ui/input'
import { FormTextArea } from '../../../components/ui/form-text-area'
import {
  BANK_FIELDS,
  FUNDS_LIMIT_LABELS,
  FUNDS_LIMIT_METHODS,
  FundsSettingsFormSchema,
  fundsSettingsFormValues,
  fundsSettingsPatch,
  type FundsSettingsFormOutput,
  type FundsSettingsFormValues,
} from '../../../domain/back-office/funds-settings-form'
import type { FundsSettings } from '../../../domain/contract/funds-options'
import { useUpdateFundsSettings } from '../api/funds-settings'
import { saveSettings, toastSettingsSaveError, useSettingsBaseline } from './settings-baseline'

export const FUNDS_SETTINGS_MESSAGES = {
  SAVED: 'Funds settings saved.',
  NOTHING_CHANGED: 'No changes to save.',
} as const

const twoColumns = grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })

/** One group of the form's fields under its legend. */
function FieldGroup(props: { legend: string; children: ReactNode }) {
  return (
    <Grid as="fieldset" gap="4">
      <Box as="legend" fontWeight="semibold" mb="2">
        {props.legend}
      </Box>
      {props.children}
    </Grid>
  )
}

/**
 * The Funds section of the Settings page (decision 0019): the broker's bank details customers wire to, the minimum
 * and maximum per method in USD, and the flexible savings APR. Its own form and Save: only what changed is sent, as
 * PATCH /admin/settings `{ funds }`.
 */
export function FundsSettingsForm(props: { settings: FundsSettings }) {
  const { settings } = props
  const update = useUpdateFundsSettings()
  const form = useForm<FundsSettingsFormValues, unknown, FundsSettingsFormOutput>({
    resolver: zodResolver(FundsSettingsFormSchema),
    defaultValues: fundsSettingsFormValues(settings),
    mode: 'onTouched',
  })
  const { errors, isDirty } = form.formState
  const { baseline, adopt, discard } = useSettingsBaseline(settings, form, fundsSettingsFormValues)

  // handleSubmit is called in the event, not at render: the baseline is read when the admin saves.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit((values) => {
      saveSettings({
        patch: fundsSettingsPatch(values, baseline.current),
        update,
        adopt,
        messages: FUNDS_SETTINGS_MESSAGES,
        onError: (error) =>
          // The server names fields as funds.limits.card.min; the form's names are the same without 'funds.'.
          toastSettingsSaveError(
            error,
            (serverName) => {
              const name = serverName.replace(/^funds\./, '')
              return name.split('.')[0]! in settings ? (name as FieldPath<FundsSettingsFormValues>) : null
            },
            form.setError,
            'Some funds settings need correcting.',
          ),
      })
    })(event)

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="funds-settings-title">
      <Card.Root>
        <Card.Header>
          <Card.Title asChild>
            <h2 id="funds-settings-title">Funds</h2>
          </Card.Title>
          <Card.Description>
            The bank account customers wire deposits to, the amounts allowed per method, and the savings rate.
          </Card.Description>
        </Card.Header>
        <Card.Body className={css({ gap: '6' })}>
          <FieldGroup legend="Bank details for wires">
            <div className={twoColumns}>
              {BANK_FIELDS.filter((field) => field.name !== 'bank_address').map((field) => (
                <TextField
                  key={field.name}
                  label={field.label}
                  autoComplete="off"
                  maxLength={field.max}
                  required={field.name !== 'bic'}
                  {...form.register(`bank.${field.name}`)}
                  error={errors.bank?.[field.name]?.message}
                />
              ))}
            </div>
            <FormTextArea
              control={form.control}
              name="bank.bank_address"
              label="Bank address"
              rows={2}
              maxLength={400}
            />
          </FieldGroup>

          <FieldGroup legend="Limits per method (USD)">
            {FUNDS_LIMIT_METHODS.map((method) => (
              <div key={method} role="group" aria-labelledby={`funds-limit-${method}`} className={twoColumns}>
                <Box as="p" id={`funds-limit-${method}`} gridColumn="1 / -1" fontSize="sm" color="text.muted">
                  {FUNDS_LIMIT_LABELS[method]}
                </Box>
                <TextField
                  label={
                    <>
                      <span className={visuallyHidden()}>{FUNDS_LIMIT_LABELS[method]}: </span>Minimum
                    </>
                  }
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register(`limits.${method}.min`)}
                  error={errors.limits?.[method]?.min?.message ?? errors.limits?.[method]?.root?.message}
                />
                <TextField
                  label={
                    <>
                      <span className={visuallyHidden()}>{FUNDS_LIMIT_LABELS[method]}: </span>Maximum
                    </>
                  }
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register(`limits.${method}.max`)}
                  error={errors.limits?.[method]?.max?.message}
                />
              </div>
            ))}
          </FieldGroup>

          <FieldGroup legend="Savings">
            <TextField
              label="Savings APR (%)"
              inputMode="decimal"
              autoComplete="off"
              helperText="Yearly rate, accrued daily (act/365) and credited monthly."
              rootClassName={css({ maxW: { md: '16rem' } })}
              {...form.register('savings_apr_percent')}
              error={errors.savings_apr_percent?.message}
            />
          </FieldGroup>
        </Card.Body>
        <Card.Footer className={wrap({ justifyContent: 'flex-end', gap: '3' })}>
          <Button variant="outline" disabled={!isDirty || update.isPending} onClick={discard}>
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending} loadingText="Saving...">
            Save funds settings
          </Button>
        </Card.Footer>
      </Card.Root>
    </form>
  )
}
