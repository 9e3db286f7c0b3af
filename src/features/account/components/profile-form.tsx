import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/input'
import { OptionSelect } from '../../../components/ui/option-select'
import {
  profileFormSchema,
  profileFormValues,
  profilePatch,
  type ProfileForm,
} from '../../../domain/account/profile-form'
import type { Profile } from '../../../domain/contract/profile'
import { COUNTRIES } from '../../../domain/registration/countries'
import { useUpdateProfile } from '../api/update-profile'
import { applyFieldErrors, problemText } from './server-errors'

const FIELDS = [
  'first_name',
  'last_name',
  'username',
  'country_code',
  'phone',
  'date_of_birth',
] as const satisfies readonly (keyof ProfileForm)[]

const fieldsGrid = grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })

/** Names, username, phone, address and date of birth; saved as one PATCH. */
export function ProfileFormView(props: { profile: Profile; onSaved: () => void; now: Date }) {
  const update = useUpdateProfile()
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const schema = useMemo(() => profileFormSchema(props.now), [props.now])
  const form = useForm<ProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: profileFormValues(props.profile),
  })
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      const answer = await update.mutateAsync(profilePatch(values))
      form.reset(profileFormValues(answer.data))
      setOutcome({ ok: true, message: answer.message })
      props.onSaved()
    } catch (error) {
      if (!applyFieldErrors(form, error, FIELDS)) setOutcome({ ok: false, message: problemText(error) })
    }
  })
  const errors = form.formState.errors
  const countries = useMemo(
    () => COUNTRIES.map((country) => ({ value: country.value, label: country.label })),
    [],
  )
  return (
    <form noValidate onSubmit={submit} aria-label="Personal details" className={grid({ gap: '5' })}>
      {outcome ? (
        <AlertBox variant={outcome.ok ? 'success' : 'destructive'} description={outcome.message} />
      ) : null}
      <div className={fieldsGrid}>
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
        <TextField
          label="Username"
          autoComplete="username"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          error={errors.date_of_birth?.message}
          {...form.register('date_of_birth')}
        />
      </div>
      <div
        className={grid({
          gap: '4',
          gridTemplateColumns: '7rem minmax(0, 1fr)',
          alignItems: 'start',
          maxW: { md: '50%' },
        })}
      >
        <TextField
          label="Country code"
          autoComplete="tel-country-code"
          inputMode="tel"
          placeholder="+44"
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
      <fieldset className={grid({ gap: '4' })}>
        <legend className={css({ fontWeight: 'semibold', mb: '3' })}>Address</legend>
        <div className={fieldsGrid}>
          <TextField
            label="Address line 1"
            autoComplete="address-line1"
            error={errors.address_line1?.message}
            {...form.register('address_line1')}
          />
          <TextField
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            error={errors.address_line2?.message}
            {...form.register('address_line2')}
          />
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <TextField
            label="Postal code (optional)"
            autoComplete="postal-code"
            error={errors.postal_code?.message}
            {...form.register('postal_code')}
          />
          <Controller
            control={form.control}
            name="country"
            render={({ field, fieldState }) => (
              <OptionSelect
                ref={field.ref}
                label="Country"
                name={field.name}
                options={countries}
                value={field.value || null}
                placeholder="Choose a country"
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
      </fieldset>
      <Button type="submit" loading={form.formState.isSubmitting} className={css({ justifySelf: 'start' })}>
        Save details
      </Button>
    </form>
  )
}
