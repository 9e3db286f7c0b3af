import { zodResolver } from '@hookform/resolvers/zod'
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import * as Card from '../../../components/ui/card'
import { FormTextArea } from '../../../components/ui/form-text-area'
import { LegalSettingsFormSchema, legalSettingsPatch } from '../../../domain/back-office/legal-settings-form'
import {
  LEGAL_DOCUMENT_PATHS,
  LEGAL_DOCUMENT_TITLES,
  LEGAL_DOCUMENTS,
  LEGAL_TEXT_MAX,
  type LegalTexts,
} from '../../../domain/contract/legal'
import { useUpdateLegalSettings } from '../api/legal-settings'
import { saveSettings, toastSettingsSaveError, useSettingsBaseline } from './settings-baseline'

/** The texts are the form's values as they are. */
const asFormValues = (texts: LegalTexts) => texts

export const LEGAL_SETTINGS_MESSAGES = {
  SAVED: 'Legal pages saved.',
  NOTHING_CHANGED: 'No changes to save.',
} as const

/**
 * The Legal pages section of the Settings page (decision 0022): the text of the Terms, Privacy Policy, Risk
 * Disclosure and Help Center pages the sign-up pages link to. Plain text; a blank line starts a new paragraph. Its
 * own Save: only the pages that changed are sent, as PATCH /admin/settings `{ legal }`.
 */
export function LegalSettingsForm(props: { texts: LegalTexts }) {
  const update = useUpdateLegalSettings()
  const form = useForm<LegalTexts>({
    resolver: zodResolver(LegalSettingsFormSchema),
    defaultValues: props.texts,
    mode: 'onTouched',
  })
  const { isDirty } = form.formState
  const { baseline, adopt, discard } = useSettingsBaseline(props.texts, form, asFormValues)

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit((values) => {
      saveSettings({
        patch: legalSettingsPatch(values, baseline.current),
        update,
        adopt,
        messages: LEGAL_SETTINGS_MESSAGES,
        onError: (error) =>
          // The server names fields as legal.terms; the form's names are the page keys.
          toastSettingsSaveError(
            error,
            (name) => LEGAL_DOCUMENTS.find((document) => `legal.${document}` === name) ?? null,
            form.setError,
            'Some pages need correcting.',
          ),
      })
    })(event)

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="legal-settings-title">
      <Card.Root>
        <Card.Header>
          <Card.Title asChild>
            <h2 id="legal-settings-title">Legal pages</h2>
          </Card.Title>
          <Card.Description>
            The text of the pages the sign-up screens link to. Plain text: a blank line starts a new
            paragraph.
          </Card.Description>
        </Card.Header>
        <Card.Body className={css({ gap: '5' })}>
          {LEGAL_DOCUMENTS.map((document) => (
            <FormTextArea
              key={document}
              control={form.control}
              name={document}
              label={LEGAL_DOCUMENT_TITLES[document]}
              rows={8}
              maxLength={LEGAL_TEXT_MAX}
              required
              description={
                <>
                  Shown at{' '}
                  <a
                    href={LEGAL_DOCUMENT_PATHS[document]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={css({ textDecoration: 'underline' })}
                  >
                    {LEGAL_DOCUMENT_PATHS[document]}
                  </a>
                </>
              }
            />
          ))}
        </Card.Body>
        <Card.Footer className={wrap({ justifyContent: 'flex-end', gap: '3' })}>
          <Button variant="outline" disabled={!isDirty || update.isPending} onClick={discard}>
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending} loadingText="Saving...">
            Save legal pages
          </Button>
        </Card.Footer>
      </Card.Root>
    </form>
  )
}
