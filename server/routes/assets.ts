// The tradable assets with current rates and derived buy and sell prices.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AssetsResponseSchema } from '../../src/domain/contract'

export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/assets', { schema: { response: { 200: AssetsResponseSchema } } }, async () => ({
    data: await app.repos.assets.list(),
  }))
}
