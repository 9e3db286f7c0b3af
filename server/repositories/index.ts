// Every repository over one database handle; app.ts builds this once and decorates the app with it.
import type { Db } from '../db/client'
import { createAlertsRepository } from './alerts'
import { createAssetsRepository } from './assets'
import { createAuditRepository } from './audit'
import { createAuthTokensRepository } from './auth-tokens'
import { createCatalogRepository } from './catalog'
import { createChatRepository } from './chat'
import { createDepositsRepository } from './deposits'
import { createFundsHistoryRepository } from './funds-history'
import { createLedgerRepository } from './ledger'
import { createLoginFailuresRepository } from './login-failures'
import { createNotificationsRepository } from './notifications'
import { createOrdersRepository } from './orders'
import { createMailOutboxRepository } from './mail-outbox'
import {
  createEmailChangesRepository,
  createLoginLinksRepository,
  createPasswordResetsRepository,
} from './one-time-tokens'
import { createProfileRepository } from './profile'
import { createNotificationPreferencesRepository } from './notification-preferences'
import { createPushSubscriptionsRepository } from './push-subscriptions'
import { createRealtimeCredentialsRepository } from './realtime-credentials'
import { createRequestsRepository } from './requests'
import { createSavingsRepository } from './savings'
import { createSecretCheckFailuresRepository } from './secret-check-failures'
import { createSettingsRepository } from './settings'
import { createSignInsRepository } from './sign-ins'
import { createStoredFilesRepository } from './stored-files'
import { createTradesRepository } from './trades'
import { createTwoFactorRepository } from './two-factor'
import { createUsersRepository } from './users'
import { createVapidKeysRepository } from './vapid-keys'
import { createVerificationRepository } from './verification'
import { createWithdrawalsRepository } from './withdrawals'

export type Repositories = ReturnType<typeof createRepositories>

export function createRepositories(db: Db) {
  return {
    settings: createSettingsRepository(db),
    assets: createAssetsRepository(db),
    users: createUsersRepository(db),
    authTokens: createAuthTokensRepository(db),
    loginFailures: createLoginFailuresRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    loginLinks: createLoginLinksRepository(db),
    realtimeCredentials: createRealtimeCredentialsRepository(db),
    trades: createTradesRepository(db),
    // Pending orders (decision 0034).
    orders: createOrdersRepository(db),
    chat: createChatRepository(db),
    catalog: createCatalogRepository(db),
    requests: createRequestsRepository(db),
    notifications: createNotificationsRepository(db),
    ledger: createLedgerRepository(db),
    audit: createAuditRepository(db),
    // The account and security centre (decision 0020).
    signIns: createSignInsRepository(db),
    twoFactor: createTwoFactorRepository(db),
    secretCheckFailures: createSecretCheckFailuresRepository(db),
    emailChanges: createEmailChangesRepository(db),
    profile: createProfileRepository(db),
    verification: createVerificationRepository(db),
    mailOutbox: createMailOutboxRepository(db),
    deposits: createDepositsRepository(db),
    withdrawals: createWithdrawalsRepository(db),
    savings: createSavingsRepository(db),
    fundsHistory: createFundsHistoryRepository(db),
    // Upload bytes on PostgreSQL (decision 0024), through chat/file-store.ts only.
    storedFiles: createStoredFilesRepository(db),
    // Price alerts and Web Push (decision 0037).
    alerts: createAlertsRepository(db),
    pushSubscriptions: createPushSubscriptionsRepository(db),
    vapidKeys: createVapidKeysRepository(db),
    notificationPreferences: createNotificationPreferencesRepository(db),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    repos: Repositories
  }
}
