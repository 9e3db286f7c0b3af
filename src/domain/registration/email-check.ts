// The start page's decision after POST /auth/check-email (docs/product/registration.md#flow;
// docs/product/registration.md#messages).
import type { CheckEmailResponse } from '../contract/auth'
import { USER_STATUS, type UserStatus } from '../contract/user'
import { countrySlugFromCode } from './countries'
import { REGISTRATION_MESSAGES } from './messages'

export type EmailCheckOutcome = { available: true; country: string } | { available: false; message: string }

export function emailCheckOutcome(response: CheckEmailResponse): EmailCheckOutcome {
  const message = response.message.trim()
  if (!response.success)
    return { available: false, message: message || REGISTRATION_MESSAGES.EMAIL_CHECK_FAILED }
  if (!response.data.available)
    return { available: false, message: message || REGISTRATION_MESSAGES.EMAIL_TAKEN }
  return { available: true, country: countrySlugFromCode(response.data.country) }
}

/** The success toast's text: a pending customer is told their account awaits approval. */
export function registrationSuccessMessage(status: UserStatus): string {
  return status === USER_STATUS.PENDING
    ? REGISTRATION_MESSAGES.REGISTERED_PENDING
    : REGISTRATION_MESSAGES.REGISTERED_ACTIVE
}
