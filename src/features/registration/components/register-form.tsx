import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { PasswordField, TextField } from '../../../components/ui/input'
import { EmailField } from '../../../components/ui/email-field'
import { toast } from '../../../components/ui/toast'
import { RegistrationPayloadSchema } from '../../../domain/contract/auth'
import { FULL_FORM_COUNTRIES } from '../../../domain/registration/countries'
import type { RegistrationDraft } from '../../../domain/registration/draft'
import { REGISTRATION_MESSAGES, SIGN_UP_LABELS } from '../../../domain/registration/messages'
import {
  buildRegistrationPayload,
  createRegisterFormSchema,
  hasKnownFields,
  knownFields,
  REGISTER_FORM_DEFAULTS,
  visibleRegisterFields,
  type KnownFields,
  type RegisterFormValues,
} from '../../../domain/registration/register-form'
import { useSubmitRegistration } from '../hooks/use-submit-registration'
import { serverFieldErrors } from '../utils/error-messages'
import { countryCollection, CountrySelect } from './country-select'
import { surfaceClass } from './surface'

const FULL_FORM_COLLECTION = countryCollection(FULL_FORM_COUNTRIES)

const linkClass = css({
  color: 'accent',
  fontWeight: 'medium',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  rounded: 'sm',
  cursor: 'pointer',
  focusVisibleRing: 'outside',
})

function prefilledSummary(known: KnownFields): string {
  const parts = [
    known.email && 'email address',
    known.country && 'country',
    known.password && 'password',
  ].filter((part): part is string => Boolean(part))
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '')
  return `We already have your ${list} from the first step, so ${parts.length > 1 ? 'they are' : 'it is'} not asked again.`
}

/**
 * The full registration form (docs/product/registration.md#full-registration-form). With a draft, the fields it
 * answers are hidden and its values win on submit (docs/product/registration.md#flow); without one (the
 * 'basic' sign-up page) every field shows and nationality is the chosen country.
 */
export function RegisterForm(props: { draft: RegistrationDraft | null; onRegistered: () => void }) {
  const { draft } = props
  const known = useMemo(() => knownFields(draft), [draft])
  const schema = useMemo(() => createRegisterFormSchema(known), [known])
  const submitRegistration = useSubmitRegistration(props.onRegistered)
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(schema),
    defaultValues: REGISTER_FORM_DEFAULTS,
  })
  const errors = form.formState.errors

  /** Shows per-field messages under the fields the form shows; returns whether any landed. */
  const showFieldErrors = (messages: Partial<Record<string, string | undefined>>) => {
    let first = true
    for (const field of visibleRegisterFields(known)) {
      const message = messages[field]
      if (!message) continue
      form.setError(field, { type: 'server', message }, { shouldFocus: first })
      first = false
    }
    return !first
  }

  const submit = form.handleSubmit((values) => {
    const parsed = RegistrationPayloadSchema.safeParse(buildRegistrationPayload(values, draft))
    if (!parsed.success) {
      // Only a damaged draft gets here (the form checked what it shows): say what is wrong with it.
      const byField = Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      )
      if (!showFieldErrors(byField))
        toast.error(parsed.error.issues[0]?.message ?? REGISTRATION_MESSAGES.REGISTRATION_FAILED)
      return
    }
    submitRegistration.mutate(parsed.data, {
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error)
        showFieldErrors(
          Object.fromEntries(Object.entries(fieldErrors).map(([field, list]) => [field, list[0]])),
        )
      },
    })
  })

  return (
    <section aria-labelledby="register-heading" className={surfaceClass}>
      <Box
        as="h1"
        id="register-heading"
        fontSize={{ base: 'xl', md: '2xl' }}
        fontWeight="bold"
        letterSpacing="wide"
      >
        {SIGN_UP_LABELS.REGISTER_HEADING}
      </Box>
      {hasKnownFields(known) ? (
        <AlertBox title="Pre-filled from your application" description={prefilledSummary(known)} />
      ) : null}
      <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
        <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
        {known.email ? null : (
          <EmailField label="Email" error={errors.email?.message} {...form.register('email')} />
        )}
        <div className={grid({ gap: '4', gridTemplateColumns: '7rem 1fr', alignItems: 'start' })}>
          <TextField
            label="Country code"
            autoComplete="tel-country-code"
            inputMode="tel"
            error={errors.country_code?.message}
            {...form.register('country_code')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
        </div>
        {known.country ? null : (
          <CountrySelect
            label="Country"
            control={form.control}
            name="country"
            collection={FULL_FORM_COLLECTION}
          />
        )}
        {known.password ? null : (
          <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
            <PasswordField
              label="Password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              error={errors.confirm_password?.message}
              {...form.register('confirm_password')}
            />
          </div>
        )}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={submitRegistration.isPending}
          loadingText={SIGN_UP_LABELS.REGISTERING}
          className={css({ mt: '2' })}
        >
          {SIGN_UP_LABELS.REGISTER_SUBMIT}
        </Button>
      </form>
      <div className={wrap({ justifyContent: 'space-between', gap: '3', fontSize: 'sm' })}>
        <Link to="/" className={linkClass}>
          {SIGN_UP_LABELS.LOGIN_LINK}
        </Link>
        {/* The spec gives this link an empty target: a link-styled button that says it leads nowhere yet. */}
        <button
          type="button"
          aria-disabled="true"
          title="Promo codes are not available yet"
          className={linkClass}
        >
          {SIGN_UP_LABELS.PROMO_CODE}
        </button>
      </div>
    </section>
  )
}
