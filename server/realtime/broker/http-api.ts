// The broker's HTTP events API, as the official `pusher` SDK calls it: POST /apps/{app_id}/events and
// /apps/{app_id}/batch_events, signed with the app secret. The signature covers an MD5 of the exact body, so this
// scope keeps the raw text beside the parsed JSON.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { TextSchema } from '../../../src/domain/contract'
import { sendError } from '../../plugins/errors'
import type { PusherBroker } from './broker'
import { CHANNEL_NAME_PATTERN, SOCKET_ID_PATTERN } from './protocol'
import { verifyApiRequest } from './signatures'

/** Pusher's limits: 100 channels per event, 10 events per batch. */
const MAX_CHANNELS_PER_EVENT = 100
const MAX_BATCH_EVENTS = 10
/** Room for a full batch of maximum events plus their envelopes; anything bigger is 413 before parsing. */
const BODY_LIMIT_BYTES = 256 * 1024

// The API's one text rule (decision 0018) holds here too: a NUL or a lone surrogate reaches no socket.
const ChannelNameSchema = TextSchema.regex(CHANNEL_NAME_PATTERN, 'Invalid channel name')
const EventNameSchema = TextSchema.min(1).max(200)
const SocketIdSchema = TextSchema.regex(SOCKET_ID_PATTERN, 'Invalid socket_id')

export const TriggerBodySchema = z
  .object({
    name: EventNameSchema,
    data: TextSchema,
    channels: z.array(ChannelNameSchema).min(1).max(MAX_CHANNELS_PER_EVENT).optional(),
    channel: ChannelNameSchema.optional(),
    socket_id: SocketIdSchema.optional(),
    info: TextSchema.max(200).optional(),
  })
  .refine((body) => body.channels !== undefined || body.channel !== undefined, {
    message: 'channels or channel is required',
  })

export const BatchBodySchema = z.object({
  batch: z
    .array(
      z.object({
        name: EventNameSchema,
        data: TextSchema,
        channel: ChannelNameSchema,
        socket_id: SocketIdSchema.optional(),
        info: TextSchema.max(200).optional(),
      }),
    )
    .min(1)
    .max(MAX_BATCH_EVENTS),
})

const AppParamsSchema = z.object({ appId: TextSchema.max(64) })
const EmptyAnswerSchema = z.object({})

export interface BrokerHttpApiOptions {
  broker: PusherBroker
  now: () => Date
}

export const brokerHttpApi: FastifyPluginAsyncZod<BrokerHttpApiOptions> = async (app, { broker, now }) => {
  const rawBodies = new WeakMap<FastifyRequest, string>()
  // The root parser throws the text away; this scope's parser keeps it for body_md5.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    rawBodies.set(request, text)
    if (text === '') {
      done(null, undefined)
      return
    }
    parseJson(request, text, done)
  })

  // After parsing (413, 415 and malformed JSON are answered first) and before the schema: an unsigned caller
  // learns nothing about what a valid body looks like.
  app.addHook('preValidation', async (request, reply) => {
    const { appId } = request.params as { appId?: string }
    if (appId !== broker.app.id) return sendError(reply, 404, { message: 'Unknown app' })
    const queryStart = request.url.indexOf('?')
    const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart)
    const rawQuery = queryStart < 0 ? '' : request.url.slice(queryStart + 1)
    const verdict = verifyApiRequest(broker.app, {
      method: request.method,
      path,
      rawQuery,
      rawBody: rawBodies.get(request) ?? '',
      nowMs: now().getTime(),
    })
    if (!verdict.ok) return sendError(reply, 401, { message: verdict.reason })
    return undefined
  })

  const tooLarge = (data: string) => Buffer.byteLength(data) > broker.options.maxEventBytes
  const tooLargeMessage = `The data content of this event exceeds the allowed maximum (${broker.options.maxEventBytes} bytes)`
  // Internal traffic, one request per published event: only failures are worth a log line.
  const routeOptions = { bodyLimit: BODY_LIMIT_BYTES, logLevel: 'warn' } as const

  app.post(
    '/apps/:appId/events',
    {
      ...routeOptions,
      schema: { params: AppParamsSchema, body: TriggerBodySchema, response: { 200: EmptyAnswerSchema } },
    },
    async (request, reply) => {
      const body = request.body
      if (tooLarge(body.data)) return sendError(reply, 413, { message: tooLargeMessage })
      broker.publish({
        channels: body.channels ?? (body.channel === undefined ? [] : [body.channel]),
        name: body.name,
        data: body.data,
        ...(body.socket_id === undefined ? {} : { excludeSocketId: body.socket_id }),
      })
      return {}
    },
  )

  app.post(
    '/apps/:appId/batch_events',
    {
      ...routeOptions,
      schema: { params: AppParamsSchema, body: BatchBodySchema, response: { 200: EmptyAnswerSchema } },
    },
    async (request, reply) => {
      const { batch } = request.body
      // All or nothing: a batch is never half delivered.
      if (batch.some((event) => tooLarge(event.data)))
        return sendError(reply, 413, { message: tooLargeMessage })
      for (const event of batch) {
        broker.publish({
          channels: [event.channel],
          name: event.name,
          data: event.data,
          ...(event.socket_id === undefined ? {} : { excludeSocketId: event.socket_id }),
        })
      }
      return {}
    },
  )
}
