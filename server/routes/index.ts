// Every /api/v1 route, registered under the prefix by app.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminRequestsRoutes } from './admin-requests'
import { adminUsersRoutes } from './admin-users'
import { assetsRoutes } from './assets'
import { authRoutes } from './auth'
import { broadcastingRoutes } from './broadcasting'
import { catalogRoutes } from './catalog'
import { chatRoutes } from './chat'
import { notificationsRoutes } from './notifications'
import { registrationRoutes } from './registration'
import { requestsRoutes } from './requests'
import { settingsRoutes } from './settings'
import { siteDataRoutes } from './site-data'
import { tradesRoutes } from './trades'
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
  await app.register(tradesRoutes)
  await app.register(chatRoutes)
  await app.register(catalogRoutes)
  await app.register(requestsRoutes)
  await app.register(notificationsRoutes)
  await app.register(adminRequestsRoutes)
}
