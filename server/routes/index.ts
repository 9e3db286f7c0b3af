// Every /api/v1 route, registered under the prefix by app.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { registerApiCompression } from '../plugins/compression'
import { adminAuditRoutes } from './admin-audit'
import { alertsRoutes } from './alerts'
import { adminOrdersRoutes } from './admin-orders'
import { adminOutboxRoutes } from './admin-outbox'
import { adminFundsRoutes } from './admin-funds'
import { adminRequestsRoutes } from './admin-requests'
import { adminUserSupportRoutes } from './admin-user-support'
import { adminUsersRoutes } from './admin-users'
import { assetsRoutes } from './assets'
import { authRoutes } from './auth'
import { broadcastingRoutes } from './broadcasting'
import { catalogRoutes } from './catalog'
import { chatRoutes } from './chat'
import { fundsRoutes } from './funds'
import { fundsHistoryRoutes } from './funds-history'
import { fundsSavingsRoutes } from './funds-savings'
import { fundsWithdrawalsRoutes } from './funds-withdrawals'
import { notificationsRoutes } from './notifications'
import { notificationPreferencesRoutes } from './notification-preferences'
import { profileRoutes } from './profile'
import { registrationRoutes } from './registration'
import { requestsRoutes } from './requests'
import { sessionsRoutes } from './sessions'
import { settingsRoutes } from './settings'
import { siteDataRoutes } from './site-data'
import { tradesRoutes } from './trades'
import { ordersRoutes } from './orders'
import { twoFactorRoutes } from './two-factor'
import { userRoutes } from './user'
import { verificationRoutes } from './verification'

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // First, so its hooks see every route below; in this scope only, so static files keep their built copies.
  await registerApiCompression(app)
  await app.register(settingsRoutes)
  await app.register(siteDataRoutes)
  await app.register(assetsRoutes)
  await app.register(authRoutes)
  await app.register(registrationRoutes)
  await app.register(userRoutes)
  await app.register(adminUsersRoutes)
  await app.register(adminUserSupportRoutes)
  await app.register(adminOrdersRoutes)
  await app.register(broadcastingRoutes)
  await app.register(tradesRoutes)
  await app.register(ordersRoutes)
  // Price alerts and Web Push (decision 0037).
  await app.register(alertsRoutes)
  await app.register(chatRoutes)
  await app.register(catalogRoutes)
  await app.register(requestsRoutes)
  await app.register(notificationsRoutes)
  await app.register(adminRequestsRoutes)
  await app.register(adminAuditRoutes)
  // The account and security centre (decision 0020).
  await app.register(sessionsRoutes)
  await app.register(twoFactorRoutes)
  await app.register(profileRoutes)
  await app.register(notificationPreferencesRoutes)
  await app.register(verificationRoutes)
  await app.register(adminOutboxRoutes)
  await app.register(fundsRoutes)
  await app.register(fundsWithdrawalsRoutes)
  await app.register(fundsHistoryRoutes)
  await app.register(fundsSavingsRoutes)
  await app.register(adminFundsRoutes)
}
