// Row counts of every table, to prove that seeding again changes nothing.
import type { Db } from '../../../server/db/client'
import * as schema from '../../../server/db/schema'

const TABLES = {
  site_settings: schema.siteSettings,
  users: schema.users,
  auth_tokens: schema.authTokens,
  assets: schema.assets,
  plans: schema.plans,
  plan_features: schema.planFeatures,
  expert_advisors: schema.expertAdvisors,
  user_expert_advisors: schema.userExpertAdvisors,
  currencies: schema.currencies,
  notifications: schema.notifications,
  login_failures: schema.loginFailures,
  password_resets: schema.passwordResets,
  login_links: schema.loginLinks,
  realtime_credentials: schema.realtimeCredentials,
  trades: schema.trades,
  ledger_entries: schema.ledgerEntries,
  autotrader_requests: schema.autotraderRequests,
  plan_upgrade_requests: schema.planUpgradeRequests,
  chat_messages: schema.chatMessages,
  chat_attachments: schema.chatAttachments,
  two_factor_recovery_codes: schema.twoFactorRecoveryCodes,
  two_factor_challenges: schema.twoFactorChallenges,
  sign_in_events: schema.signInEvents,
  email_changes: schema.emailChanges,
  mail_outbox: schema.mailOutbox,
  verification_documents: schema.verificationDocuments,
  avatar_files: schema.avatarFiles,
  stored_files: schema.storedFiles,
} as const

export async function tableCounts(db: Db): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, await db.$count(table)] as const),
  )
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>
}
