// Site data (docs/product/api.md#calls, GET /data): the per-class leverage map and the server's clock.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SiteDataResponseSchema } from '../../src/domain/contract'

export const siteDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/data',
    {
      schema: {
        summary: 'Read the reference data of the sign-up forms',
        response: { 200: SiteDataResponseSchema },
      },
    },
    async () => {
      const settings = await app.repos.settings.get()
      return { data: { leverage: settings.leverage, server_time: app.now().toISOString() } }
    },
  )
}
