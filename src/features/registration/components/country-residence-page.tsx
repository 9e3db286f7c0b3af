import { zodResolver } from '@hookform/resolvers/zod'
import { Building2 } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box, Flex, styled } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { FormCheckbox } from '../../../components/ui/form-checkbox'
import { CountryResidenceSchema, type CountryResidence } from '../../../domain/contract/auth'
import { COUNTRIES, countryChoice } from '../../../domain/registration/countries'
import type { RegistrationDraft } from '../../../domain/registration/draft'
import { SIGN_UP_LABELS } from '../../../domain/registration/messages'
import { useSaveSetupStep } from '../hooks/use-save-setup-step'
import type { SignUpSiteSettings } from '../types'
import { countryCollection, CountrySelect } from './country-select'
import { DraftGate } from './draft-gate'
import { ProgressSteps } from './progress-steps'
import { SignUpFrame } from './sign-up-frame'
import { surfaceClass } from './surface'
import { Text } from '../../../components/ui/text'

const ALL_COUNTRIES = countryCollection(COUNTRIES)

/**
 * The setup step (docs/product/registration.md#country-of-residence-step): residence, nationality and the privacy
 * agreement, then the full form.
 */
export function CountryResidenceForm(props: {
  draft: RegistrationDraft
  privacyUrl: string | null | undefined
  /** The step is stored in the draft: go to /register. */
  onContinue: () => void
}) {
  const save = useSaveSetupStep(props.draft, props.onContinue)
  const form = useForm<CountryResidence>({
    resolver: zodResolver(CountryResidenceSchema),
    defaultValues: {
      // docs/product/registration.md#country-of-residence-step: both default to the stored country, else
      // united-states; a return visit keeps earlier choices.
      countryOfResidence: countryChoice(props.draft.countryOfResidence ?? props.draft.country),
      nationality: countryChoice(props.draft.nationality ?? props.draft.country),
      agreePrivacy: props.draft.agreePrivacy ?? false,
    },
  })
  const agreed = useWatch({ control: form.control, name: 'agreePrivacy' })
  const submit = form.handleSubmit((values) => save.mutate(values))

  return (
    <Box maxW="34rem" mx="auto" pt={{ base: '2', md: '6' }}>
      <section aria-labelledby="setup-heading" className={surfaceClass}>
        <ProgressSteps current={0} />
        <div className={grid({ gap: '1' })}>
          <Box as="h1" id="setup-heading" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold">
            Country of residence
          </Box>
          <Text tone="muted" size="sm">
            Tell us where you live and which nationality you hold.
          </Text>
        </div>
        <form noValidate onSubmit={submit} className={grid({ gap: '5' })}>
          <CountrySelect
            label="Country of Residence"
            control={form.control}
            name="countryOfResidence"
            collection={ALL_COUNTRIES}
          />
          <CountrySelect
            label="Nationality"
            control={form.control}
            name="nationality"
            collection={ALL_COUNTRIES}
          />
          <Flex
            role="note"
            gap="3"
            p="3"
            rounded="control"
            bg="accent.subtle"
            borderWidth="1px"
            borderColor="accent.border"
            fontSize="sm"
          >
            <Building2
              aria-hidden="true"
              className={css({ flexShrink: 0, w: '5', h: '5', color: 'accent' })}
            />
            <p>
              You will be onboarded with a regulated UK broker entity, which holds your account and client
              money under UK rules.
            </p>
          </Flex>
          <div className={grid({ gap: '1.5' })}>
            <FormCheckbox
              control={form.control}
              name="agreePrivacy"
              label={SIGN_UP_LABELS.PRIVACY_AGREEMENT}
            />
            {props.privacyUrl ? (
              <styled.a
                href={props.privacyUrl}
                target="_blank"
                rel="noopener noreferrer"
                justifySelf="start"
                fontSize="sm"
                color="accent"
                textDecoration="underline"
                rounded="sm"
                focusVisibleRing="outside"
              >
                Read the Privacy Policy
              </styled.a>
            ) : null}
          </div>
          {/*
            Disabled until the box is ticked (docs/product/registration.md#country-of-residence-step), but with
            aria-disabled rather than `disabled`: the button stays focusable, and a press still validates, so the
            visitor learns why ('Please agree to the Privacy Policy', docs/product/registration.md#validation) instead
            of facing a dead button.
          */}
          <Button
            type="submit"
            size="lg"
            fullWidth
            aria-disabled={agreed ? undefined : true}
            loading={save.isPending}
          >
            Continue
          </Button>
        </form>
      </section>
    </Box>
  )
}

export function CountryResidencePage(props: {
  settings: SignUpSiteSettings | undefined
  onContinue: () => void
  /** No usable draft: the error toast has shown; go to /signup. */
  onMissingDraft: () => void
}) {
  return (
    <SignUpFrame settings={props.settings}>
      <DraftGate onMissing={props.onMissingDraft}>
        {(draft) => (
          <CountryResidenceForm
            draft={draft}
            privacyUrl={props.settings?.privacy_url}
            onContinue={props.onContinue}
          />
        )}
      </DraftGate>
    </SignUpFrame>
  )
}
