// Every sentence of the sign-up flow that docs/product/registration.md quotes, defined once so the pages and the
// tests say exactly the same thing.
import { EMAIL_TAKEN_MESSAGE } from '../contract/auth'

export const CFD_RISK_WARNING =
  'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.'

export const REGISTRATION_MESSAGES = {
  DRAFT_MISSING: 'Please complete the registration process first',
  /** Fallback when the check says the email is taken without a message of its own. */
  EMAIL_TAKEN: EMAIL_TAKEN_MESSAGE,
  EMAIL_CHECK_FAILED: 'Failed to check email availability',
  UNKNOWN_ERROR: 'An error occurred. Please try again.',
  EMAIL_VERIFIED: 'Email verified successfully! Please continue with registration.',
  REGISTRATION_FAILED: 'Registration failed. Please try again.',
  /** Ours: the spec shows no success message; a pending customer must learn why they cannot trade yet. */
  REGISTERED_PENDING:
    'Your account has been created and is awaiting approval from the Client Management Team. You can sign in once it is approved.',
  REGISTERED_ACTIVE: 'Your account has been created. You can now sign in.',
} as const

export const SIGN_UP_LABELS = {
  HEADING: 'Live Trading Account Application',
  SUBMIT_IC: 'Create Your Account',
  SUBMIT_TD: 'Sign up now',
  CHECKING: 'Checking email availability...',
  REGISTER_HEADING: 'CREATE A NEW ACCOUNT',
  REGISTER_SUBMIT: 'CREATE ACCOUNT',
  REGISTERING: 'Creating account...',
  LOGIN_LINK: 'Already have an account? Login',
  PROMO_CODE: 'I have a promo-code',
  PRIVACY_AGREEMENT: 'I agree to the Privacy Policy and I am over 18.',
  SHOW_RISK_WARNING: 'Show risk warning',
} as const

/** docs/product/README.md#what-the-product-is: the start page's review badge, a fixed count and five stars. */
export const REVIEW_BADGE = { count: 1196, countLabel: '1,196', stars: 5 } as const
