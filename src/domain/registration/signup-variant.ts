// The register-page chooser (docs/product/registration.md#register-page-variants): which sign-up page /signup shows
// for the site setting r_page.
import { R_PAGE } from '../contract/site'

export type SignUpVariant = 'basic' | 'ic' | 'td'

/** 'ic' and 'td' are the start pages; 'basic', a missing setting and any other value give the full form. */
export function signUpVariant(rPage: string | null | undefined): SignUpVariant {
  const value = rPage?.trim().toLowerCase()
  if (value === R_PAGE.IC) return 'ic'
  if (value === R_PAGE.TD) return 'td'
  return 'basic'
}
