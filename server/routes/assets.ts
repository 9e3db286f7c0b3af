// The tradable assets with current rates and derived buy and sell prices, and their chart history.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AssetsResponseSchema,
  CandlesResponseSchema,
  CandleTimeframeSchema,
  TextSchema,
} from '../../src/domain/contract'
import { sendError } from '../plugins/errors'

const ASSET_NOT_FOUND = 'Asset not found'
const MAX_CANDLES = 1440

// The chart may name an asset by its id or by its feed id (asset_id); both are short plain tokens.
const AssetParamsSchema = z.object({
  id: TextSchema.check(z.regex(/^[A-Za-z0-9._-]{1,40}$/, 'Unknown asset id')),
})
const CandlesQuerySchema = z.object({
  tf: z._default(CandleTimeframeSchema, '1m'),
  limit: z.coerce.number().int().min(1).max(MAX_CANDLES).default(500),
})

export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assets',
    {
      schema: {
        summary: 'List the tradable assets with their current prices',
        response: { 200: AssetsResponseSchema },
      },
    },
    async () => ({
      data: await app.repos.assets.list(),
    }),
  )

  app.get(
    '/assets/:id/candles',
    {
      schema: {
        summary: "Read an asset's price candles for a time frame",
        params: AssetParamsSchema,
        querystring: CandlesQuerySchema,
        response: { 200: CandlesResponseSchema },
      },
    },
    async (request, reply) => {
      const asset = await app.repos.assets.findByIdOrAssetId(request.params.id)
      const candles = asset && app.prices.candles(asset.asset_id, request.query.tf, request.query.limit)
      if (!candles) return sendError(reply, 404, { message: ASSET_NOT_FOUND })
      // The newest candle is still forming; a short cache lets a busy chart page share one answer.
      return reply.header('cache-control', 'public, max-age=5').send({ data: candles })
    },
  )
}
