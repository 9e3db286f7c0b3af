// Site settings: public read (no secrets live there), admin-only partial update. Both answers carry where the
// realtime services are (spec 7: each site loads its configuration from the server): the Pusher key and the price
// feed's API key, both public by design; never a secret.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SiteSettingsPatchSchema, SiteSettingsResponseSchema } from '../../src/domain/contract'

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { response: { 200: SiteSettingsResponseSchema } } }, async () => ({
    data: { ...(await app.repos.settings.get()), realtime: app.realtime.endpoints },
  }))

  app.patch(
    '/admin/settings',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: { body: SiteSettingsPatchSchema, response: { 200: SiteSettingsResponseSchema } },
    },
    async (request) => ({
      data: { ...(await app.repos.settings.update(request.body)), realtime: app.realtime.endpoints },
    }),
  )
}
