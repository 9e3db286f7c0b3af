// Every repository over one database handle; app.ts builds this once and decorates the app with it.
import type { Db } from '../db/client'
import { createAssetsRepository } from './assets'
import { createAuthTokensRepository } from './auth-tokens'
import { createCatalogRepository } from './catalog'
import { createChatRepository } from './chat'
import { createLoginFailuresRepository } from './login-failures'
import { createNotificationsRepository } from './notifications'
import { createLoginLinksRepository, createPasswordResetsRepository } from './one-time-tokens'
import { createRealtimeCredentialsRepository } from './realtime-credentials'
import { createRequestsRepository } from './requests'
import { createSettingsRepository } from './settings'
import { createTradesRepository } from './trades'
import { createUsersRepository } from './users'

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
    chat: createChatRepository(db),
    catalog: createCatalogRepository(db),
    requests: createRequestsRepository(db),
    notifications: createNotificationsRepository(db),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    repos: Repositories
  }
}
