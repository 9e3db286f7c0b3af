// Site settings: public read (no secrets live there), admin-only partial update.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SiteSettingsPatchSchema, SiteSettingsResponseSchema } from '../../src/domain/contract'

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { schema: { response: { 200: SiteSettingsResponseSchema } } }, async () => ({
    data: await app.repos.settings.get(),
  }))

  app.patch(
    '/admin/settings',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: { body: SiteSettingsPatchSchema, response: { 200: SiteSettingsResponseSchema } },
    },
    async (request) => ({ data: await app.repos.settings.update(request.body) }),
  )
}
