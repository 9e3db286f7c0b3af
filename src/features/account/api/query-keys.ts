// The account centre's query keys, defined once: each mutation invalidates the ones it changed.
export const ACCOUNT_KEYS = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  signIns: ['account', 'sign-ins'] as const,
  twoFactor: ['account', 'two-factor'] as const,
  profile: ['account', 'profile'] as const,
  notificationPreferences: ['account', 'notification-preferences'] as const,
} as const
