import type { SiteSettings } from '../../domain/contract/site'

/** The settings the sign-up pages show; the route reads them (this feature never imports the site feature). */
export type SignUpSiteSettings = Pick<
  SiteSettings,
  | 'name'
  | 'logo'
  | 'logo_sm'
  | 'website_url'
  | 'header_text'
  | 'footer_text'
  | 'terms_url'
  | 'privacy_url'
  | 'risk_url'
  | 'help_url'
>
