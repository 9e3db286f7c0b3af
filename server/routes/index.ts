// Every /api/v1 route, registered under the prefix by app.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminUsersRoutes } from './admin-users'
import { assetsRoutes } from './assets'
import { authRoutes } from './auth'
import { broadcastingRoutes } from './broadcasting'
import { registrationRoutes } from './registration'
import { settingsRoutes } from './settings'
import { siteDataRoutes } from './site-data'
import { userRoutes } from './user'

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(settingsRoutes)
  await app.register(siteDataRoutes)
  await app.register(assetsRoutes)
  await app.register(authRoutes)
  await app.register(registrationRoutes)
  await app.register(userRoutes)
  await app.register(adminUsersRoutes)
  await app.register(broadcastingRoutes)
}
