// The personal details form of /main/personal (decision 0020): the rules of docs/product/registration.md#validation
// where they apply (names, username, phone), the contract's for the rest (country code, a real date, 18 or over), and
// the PATCH it becomes. Every field is text in the form; an address left wholly empty, or no date of birth, is sent
// as null. In zod/mini, as the contracts the personal details page loads for its first render (decision 0043).
import * as z from 'zod/mini'
import { ACCOUNT_MESSAGES } from '../contract/account-common'
import {
  ageOn,
  CountryCodeSchema,
  DateOfBirthSchema,
  MIN_AGE_YEARS,
  NationalPhoneSchema,
  nationalPhone,
  type Profile,
  type ProfilePatch,
} from '../contract/profile'
import { FirstNameSchema, LastNameSchema, UsernameSchema } from '../contract/auth'
import { TextSchema } from '../contract/common'
import '../contract/zod-messages'

const REQUIRED = 'This field is required'
const optionalText = (max: number) => TextSchema.check(z.trim(), z.maxLength(max))

/** The form's rules; `now` decides who is 18. */
export const profileFormSchema = (now: Date) =>
  z
    .object({
      first_name: FirstNameSchema,
      last_name: LastNameSchema,
      username: UsernameSchema,
      country_code: CountryCodeSchema,
      phone: NationalPhoneSchema,
      address_line1: optionalText(200),
      address_line2: optionalText(200),
      city: optionalText(100),
      postal_code: optionalText(20),
      country: optionalText(100),
      date_of_birth: TextSchema.check(z.trim()),
    })
    .check(
      z.superRefine((form, context) => {
        // An address is all or nothing: any part given makes its required parts required.
        const anyAddress = [
          form.address_line1,
          form.address_line2,
          form.city,
          form.postal_code,
          form.country,
        ].some((part) => part !== '')
        if (anyAddress) {
          for (const field of ['address_line1', 'city', 'country'] as const) {
            if (form[field] === '') context.addIssue({ code: 'custom', message: REQUIRED, path: [field] })
          }
        }
        if (form.date_of_birth !== '') {
          const date = DateOfBirthSchema.safeParse(form.date_of_birth)
          if (!date.success) {
            context.addIssue({
              code: 'custom',
              message: ACCOUNT_MESSAGES.DATE_INVALID,
              path: ['date_of_birth'],
            })
          } else if (ageOn(date.data, now) < MIN_AGE_YEARS) {
            context.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.TOO_YOUNG, path: ['date_of_birth'] })
          }
        }
      }),
    )

export type ProfileForm = z.input<ReturnType<typeof profileFormSchema>>

/** The form's starting values from the stored profile. */
export function profileFormValues(profile: Profile): ProfileForm {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    username: profile.username,
    country_code: profile.country_code ?? '',
    phone: nationalPhone(profile.phone, profile.country_code),
    address_line1: profile.address?.line1 ?? '',
    address_line2: profile.address?.line2 ?? '',
    city: profile.address?.city ?? '',
    postal_code: profile.address?.postal_code ?? '',
    country: profile.address?.country ?? '',
    date_of_birth: profile.date_of_birth ?? '',
  }
}

/** The PATCH for validated form values: every field, an empty address or date as null. */
export function profilePatch(form: ProfileForm): ProfilePatch {
  const trim = (value: string) => value.trim()
  const hasAddress = [form.address_line1, form.city, form.country].some((part) => trim(part) !== '')
  return {
    first_name: trim(form.first_name),
    last_name: trim(form.last_name),
    username: trim(form.username),
    country_code: trim(form.country_code),
    phone: trim(form.phone),
    address: hasAddress
      ? {
          line1: trim(form.address_line1),
          line2: trim(form.address_line2) || null,
          city: trim(form.city),
          postal_code: trim(form.postal_code) || null,
          country: trim(form.country),
        }
      : null,
    date_of_birth: trim(form.date_of_birth) || null,
  }
}
