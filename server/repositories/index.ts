// Every repository over one database handle; app.ts builds this once and decorates the app with it.
import type { Db } from '../db/client'
import { createAssetsRepository } from './assets'
import { createAuthTokensRepository } from './auth-tokens'
import { createLoginFailuresRepository } from './login-failures'
import { createLoginLinksRepository, createPasswordResetsRepository } from './one-time-tokens'
import { createRealtimeCredentialsRepository } from './realtime-credentials'
import { createSettingsRepository } from './settings'
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
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    repos: Repositories
  }
}
