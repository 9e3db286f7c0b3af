import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useForm, useWatch, type FieldPath } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import * as Card from '../../../components/ui/card'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { FormField } from '../../../components/ui/form-field'
import { FormSelect } from '../../../components/ui/form-select'
import { FormSwitch } from '../../../components/ui/form-switch'
import { toast } from '../../../components/ui/toast'
import { FormTextArea } from '../../../components/ui/form-text-area'
import {
  ASSET_CLASS_LABELS,
  registerPageOptions,
  SITE_STATUS_OPTIONS,
  SiteSettingsFormSchema,
  siteSettingsFieldOf,
  siteSettingsFormValues,
  siteSettingsPatch,
  takesSiteDown,
  type SiteSettingsFormOutput,
  type SiteSettingsFormValues,
} from '../../../domain/back-office/site-settings-form'
import type { SiteSettingsPatch } from '../../../domain/contract/admin-settings'
import { ASSET_CLASSES, type SiteSettings } from '../../../domain/contract/site'
import { useUpdateSettings } from '../api/update-settings'
import { MaintenancePreview } from './maintenance-preview'
import { saveSettings, toastSettingsSaveError, useSettingsBaseline } from './settings-baseline'

export const SITE_SETTINGS_MESSAGES = {
  SAVED: 'Site settings saved.',
  NOTHING_CHANGED: 'No changes to save.',
} as const

export interface SiteSettingsFormProps {
  /** The settings as the server has them now. */
  settings: SiteSettings
  /** After a save, with what the server now holds (the route refreshes the site's settings query). */
  onSaved: (settings: SiteSettings) => void
}

type SettingsField = FieldPath<SiteSettingsFormValues>

function Section(props: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{props.title}</h2>
        </Card.Title>
        {props.description ? <Card.Description>{props.description}</Card.Description> : null}
      </Card.Header>
      <Card.Body className={css({ gap: '4' })}>{props.children}</Card.Body>
    </Card.Root>
  )
}

const saveBarButton = css({ flex: { base: '1', sm: 'none' } })

const twoColumns = grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })

/**
 * Every site setting the server accepts (PATCH /admin/settings), validated by the contract's rules, with a live
 * preview of the maintenance screen. Only what changed is sent; disabling the site asks first.
 */
export function SiteSettingsForm(props: SiteSettingsFormProps) {
  const { settings, onSaved } = props
  const update = useUpdateSettings()
  const [confirming, setConfirming] = useState<SiteSettingsPatch | null>(null)
  const form = useForm<SiteSettingsFormValues, unknown, SiteSettingsFormOutput>({
    resolver: zodResolver(SiteSettingsFormSchema),
    defaultValues: siteSettingsFormValues(settings),
    mode: 'onTouched',
  })
  const { isDirty } = form.formState
  const [message, contactEmail, registerPage] = useWatch({
    control: form.control,
    name: ['maintenanceMessage', 'contactEmail', 'r_page'],
  })

  const { baseline, adopt, discard } = useSettingsBaseline(settings, form, siteSettingsFormValues)

  const save = (patch: SiteSettingsPatch) => {
    setConfirming(null)
    saveSettings({
      patch,
      update,
      adopt,
      messages: SITE_SETTINGS_MESSAGES,
      onSaved,
      onError: (error) =>
        toastSettingsSaveError(
          error,
          (key) => siteSettingsFieldOf(key) as SettingsField | null,
          form.setError,
          'Some settings need correcting.',
        ),
    })
  }

  // handleSubmit is called in the event, not at render: the baseline is read when the admin saves.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit((values) => {
      const patch = siteSettingsPatch(values, baseline.current)
      if (!patch) {
        toast.info(SITE_SETTINGS_MESSAGES.NOTHING_CHANGED)
        return
      }
      if (takesSiteDown(settings, values)) setConfirming(patch)
      else save(patch)
    })(event)

  return (
    <form noValidate onSubmit={submit} aria-label="Site settings">
      <div
        className={grid({
          gap: '6',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 22rem' },
          alignItems: 'start',
        })}
      >
        <div className={grid({ gap: '6', minW: '0' })}>
          <Section title="Site" description="The name customers see and whether the site is open.">
            <FormField control={form.control} name="name" label="Site name" autoComplete="off" required />
            <div className={twoColumns}>
              <FormSelect
                control={form.control}
                name="status"
                label="Status"
                options={SITE_STATUS_OPTIONS}
                touchOnChange
              />
              <FormField
                control={form.control}
                name="contactEmail"
                label="Contact e-mail"
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="support@example.com"
                description="Shown on the maintenance screen."
              />
            </div>
          </Section>

          <Section
            title="Maintenance screen"
            description="What customers read while the status is Disabled. Left blank, they read the standard sentence."
          >
            <FormTextArea
              control={form.control}
              name="maintenanceMessage"
              label="Maintenance message"
              rows={4}
            />
            <Box display={{ base: 'block', lg: 'none' }}>
              <MaintenancePreview message={message} contactEmail={contactEmail} />
            </Box>
          </Section>

          <Section title="Sign-up and features">
            <FormSelect
              control={form.control}
              name="r_page"
              label="Registration page"
              options={registerPageOptions(registerPage)}
              description="Which sign-up page visitors see (r_page)."
              touchOnChange
            />
            <FormSwitch
              control={form.control}
              name="require_approval"
              label="New accounts wait for approval by the client management team"
            />
            <FormSwitch
              control={form.control}
              name="has_marketplace"
              label="Marketplace and Algo Trader list"
            />
          </Section>

          <Section
            title="Leverage by asset class"
            description="The leverage the platform serves for each asset class: 100 means 1:100."
          >
            <div
              className={grid({ gap: '4', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)' } })}
            >
              {ASSET_CLASSES.map((assetClass) => (
                <FormField
                  key={assetClass}
                  control={form.control}
                  name={`leverage.${assetClass}`}
                  label={ASSET_CLASS_LABELS[assetClass]}
                  inputMode="decimal"
                  autoComplete="off"
                />
              ))}
            </div>
          </Section>

          <Section title="Links" description="Full http(s) addresses, or paths on this site starting with /.">
            <FormField
              control={form.control}
              name="website_url"
              label="Website"
              type="url"
              placeholder="https://www.example.com"
            />
            <div className={twoColumns}>
              <FormField control={form.control} name="terms_url" label="Terms link" type="url" />
              <FormField control={form.control} name="privacy_url" label="Privacy link" type="url" />
              <FormField control={form.control} name="risk_url" label="Risk disclosure link" type="url" />
              <FormField control={form.control} name="help_url" label="Help link" type="url" />
            </div>
          </Section>

          <Section title="Header, footer and logos">
            <FormTextArea control={form.control} name="header_text" label="Header text" rows={2} />
            <FormTextArea control={form.control} name="footer_text" label="Footer text" rows={3} />
            <div className={twoColumns}>
              <FormField control={form.control} name="logo" label="Logo address" />
              <FormField control={form.control} name="logo_sm" label="Small logo address" />
              <FormField control={form.control} name="favicon" label="Favicon address" />
            </div>
          </Section>
        </div>

        <Box
          as="aside"
          aria-label="Maintenance screen preview"
          display={{ base: 'none', lg: 'block' }}
          position="sticky"
          top="20"
        >
          <MaintenancePreview message={message} contactEmail={contactEmail} />
        </Box>
      </div>

      <div
        className={hstack({
          position: 'sticky',
          bottom: { base: '0', md: '4' },
          zIndex: 'sticky',
          mt: '6',
          mx: { base: '-4', md: '0' },
          px: { base: '4', md: '5' },
          py: '3',
          justifyContent: 'flex-end',
          gap: '3',
          bg: 'bg.surface',
          borderTopWidth: '1px',
          borderColor: 'border',
          md: { borderWidth: '1px', rounded: 'surface', mb: '4' },
          shadow: 'overlay',
        })}
      >
        <Box
          as="p"
          role="status"
          fontSize="sm"
          color="text.muted"
          me="auto"
          srOnly={{ base: true, sm: false }}
        >
          {isDirty ? 'Unsaved changes' : 'All changes saved'}
        </Box>
        <Button
          variant="outline"
          className={saveBarButton}
          disabled={!isDirty || update.isPending}
          onClick={discard}
        >
          Discard changes
        </Button>
        <Button type="submit" className={saveBarButton} loading={update.isPending} loadingText="Saving...">
          Save changes
        </Button>
      </div>

      <DialogFrame
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null)
        }}
        title="Disable the site?"
        description="The site goes down for every customer: they see the maintenance screen instead of their account until the status is set back to Active."
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => confirming && save(confirming)}>
              Disable the site
            </Button>
          </>
        }
      >
        <MaintenancePreview message={message} contactEmail={contactEmail} />
      </DialogFrame>
    </form>
  )
}
