import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Box, Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { FormSelect } from '../../../components/ui/form-select'
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
        <FormField control={form.control} name="first_name" label="First name" autoComplete="given-name" />
        <FormField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
        <FormField control={form.control} name="username" label="Username" autoComplete="username" />
        <FormField
          control={form.control}
          name="date_of_birth"
          label="Date of birth"
          type="date"
          autoComplete="bday"
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
        <FormField
          control={form.control}
          name="country_code"
          label="Country code"
          autoComplete="tel-country-code"
          inputMode="tel"
          placeholder="+44"
        />
        <FormField
          control={form.control}
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
        />
      </div>
      <fieldset className={grid({ gap: '4' })}>
        <Box as="legend" fontWeight="semibold" mb="3">
          Address
        </Box>
        <div className={fieldsGrid}>
          <FormField
            control={form.control}
            name="address_line1"
            label="Address line 1"
            autoComplete="address-line1"
          />
          <FormField
            control={form.control}
            name="address_line2"
            label="Address line 2 (optional)"
            autoComplete="address-line2"
          />
          <FormField control={form.control} name="city" label="City" autoComplete="address-level2" />
          <FormField
            control={form.control}
            name="postal_code"
            label="Postal code (optional)"
            autoComplete="postal-code"
          />
          <FormSelect
            control={form.control}
            name="country"
            label="Country"
            options={countries}
            placeholder="Choose a country"
          />
        </div>
      </fieldset>
      <Flex>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save details
        </Button>
      </Flex>
    </form>
  )
}
