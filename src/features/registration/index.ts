export { SignUpStartPage, type StartPageVariant } from './components/sign-up-start-page'
export { CountryResidencePage } from './components/country-residence-page'
export { RegisterPage, FullRegistrationPage } from './components/register-page'
export type { SignUpSiteSettings } from './types'
