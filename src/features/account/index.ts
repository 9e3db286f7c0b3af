// The account and security centre (decision 0020; docs/architecture.md#money-requests-files-and-mail): /main/settings
// (display, notifications, password, two-factor, sessions, sign-ins), /main/personal (profile, e-mail, avatar),
// /main/accounts (the trading accounts, plan, leverage and live figures) and the /confirm-email page a mailed link
// opens.
export { SettingsPage, type SettingsPageProps } from './components/settings-page'
export { PersonalPage } from './components/personal-page'
export { AccountsPage, type AccountsPageProps } from './components/accounts-page'
export { ConfirmEmailPage } from './components/confirm-email-page'
export { ACCOUNT_KEYS } from './api/query-keys'
// What the routes' loaders fetch (decision 0041): the same options the pages' hooks read with.
export { getNotificationPreferencesQueryOptions } from './api/notification-preferences'
export { getProfileQueryOptions } from './api/get-profile'
export { getSessionsQueryOptions } from './api/get-sessions'
export { getSignInsQueryOptions } from './api/get-sign-ins'
export { getTwoFactorQueryOptions } from './api/get-two-factor'
