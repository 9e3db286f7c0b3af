// The broker's HTTP API, as the official `pusher` SDK calls it: POST /apps/{app_id}/events and /batch_events (with
// `info`), the channel queries GET /apps/{app_id}/channels, /channels/{name} and /channels/{name}/users, and
// POST /apps/{app_id}/users/{user_id}/terminate_connections; all signed with the app secret. The signature covers
// an MD5 of the exact body, so this scope keeps the raw text beside the parsed JSON. Counts are the cluster's
// (ClusteredBroker.channelCounts; decision 0036).
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { TextSchema } from '../../../src/domain/contract'
import { sendError } from '../../plugins/errors'
import type { PusherBroker } from './broker'
import {
  CHANNEL_ATTRIBUTES,
  channelAttributes,
  LIST_ATTRIBUTES,
  parseInfo,
  USER_COUNT_NEEDS_PRESENCE,
  userCountAllowed,
  type ChannelAttribute,
  type ChannelAttributes,
} from './channel-info'
import {
  CHANNEL_NAME_PATTERN,
  isChannelName,
  isPresenceChannel,
  MAX_CHANNEL_NAME_LENGTH,
  SOCKET_ID_PATTERN,
  USER_ID_PATTERN,
} from './protocol'
import { verifyApiRequest } from './signatures'

/** Pusher's limits: 100 channels per event, 10 events per batch. */
const MAX_CHANNELS_PER_EVENT = 100
const MAX_BATCH_EVENTS = 10
/** Room for a full batch of maximum events plus their envelopes; anything bigger is 413 before parsing. */
const BODY_LIMIT_BYTES = 256 * 1024

// The API's one text rule (decision 0018) holds here too: a NUL or a lone surrogate reaches no socket.
const INVALID_CHANNEL_NAME = `Invalid channel name: at most ${MAX_CHANNEL_NAME_LENGTH} letters, digits or _-=@,.;`
/** An app's channel, or a user's `#server-to-user-{id}` (what `sendToUser` publishes to). */
const TriggerChannelSchema = TextSchema.check(z.refine(isChannelName, INVALID_CHANNEL_NAME))
const ChannelNameSchema = TextSchema.check(z.regex(CHANNEL_NAME_PATTERN, INVALID_CHANNEL_NAME))
const EventNameSchema = TextSchema.check(z.minLength(1), z.maxLength(200))
const SocketIdSchema = TextSchema.check(z.regex(SOCKET_ID_PATTERN, 'Invalid socket_id'))
const InfoSchema = TextSchema.check(z.maxLength(200))

export const TriggerBodySchema = z
  .object({
    name: EventNameSchema,
    data: TextSchema,
    channels: z.array(TriggerChannelSchema).min(1).max(MAX_CHANNELS_PER_EVENT).optional(),
    channel: z.optional(TriggerChannelSchema),
    socket_id: z.optional(SocketIdSchema),
    info: z.optional(InfoSchema),
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
        channel: TriggerChannelSchema,
        socket_id: z.optional(SocketIdSchema),
        info: z.optional(InfoSchema),
      }),
    )
    .min(1)
    .max(MAX_BATCH_EVENTS),
})

/** The SDK's terminateUserConnections posts `{}`. */
export const TerminateBodySchema = z.object({})

const AppParamsSchema = z.object({ appId: TextSchema.check(z.maxLength(64)) })
const ChannelParamsSchema = AppParamsSchema.extend({ channelName: ChannelNameSchema })
const UserParamsSchema = AppParamsSchema.extend({
  userId: TextSchema.check(z.regex(USER_ID_PATTERN, 'Invalid user id')),
})
const ListQuerySchema = z.object({
  filter_by_prefix: z.optional(TextSchema.check(z.maxLength(MAX_CHANNEL_NAME_LENGTH))),
  info: z.optional(InfoSchema),
})
const ChannelQuerySchema = z.object({ info: z.optional(InfoSchema) })

const AttributesSchema = z.object({
  user_count: z.number().int().optional(),
  subscription_count: z.number().int().optional(),
})
const EmptyAnswerSchema = z.object({})
const TriggerAnswerSchema = z.object({ channels: z.record(z.string(), AttributesSchema).optional() })
const BatchAnswerSchema = z.object({ batch: z.array(AttributesSchema).optional() })
const ChannelListAnswerSchema = z.object({ channels: z.record(z.string(), AttributesSchema) })
const ChannelAnswerSchema = AttributesSchema.extend({ occupied: z.boolean() })
const UsersAnswerSchema = z.object({ users: z.array(z.object({ id: z.string() })) })

export interface BrokerHttpApiOptions {
  broker: PusherBroker
  now: () => Date
}

type BrokerApp = Parameters<FastifyPluginAsyncZod<BrokerHttpApiOptions>>[0]

/**
 * Every request of this scope is signed (Pusher's HTTP API): its raw body kept for body_md5, its signature checked
 * before its schema, and an invalid one answered 400 as Pusher does.
 */
function acceptSignedRequests(app: BrokerApp, broker: PusherBroker, now: () => Date): void {
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

  // Pusher answers an invalid request 400 where the rest of this API answers 422 (decision 0036): the same
  // envelope, the status Pusher's clients and operators expect.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 422) reply.code(400)
    return payload
  })
}

export const brokerHttpApi: FastifyPluginAsyncZod<BrokerHttpApiOptions> = async (app, { broker, now }) => {
  acceptSignedRequests(app, broker, now)

  const tooLarge = (data: string) => Buffer.byteLength(data) > broker.options.maxEventBytes
  const tooLargeMessage = `The data content of this event exceeds the allowed maximum (${broker.options.maxEventBytes} bytes)`
  // Internal traffic, one request per published event: only failures are worth a log line. Pusher has no HEAD.
  const routeOptions = { bodyLimit: BODY_LIMIT_BYTES, logLevel: 'warn' } as const
  const queryOptions = { logLevel: 'warn', exposeHeadRoute: false } as const
  const userCount = (channel: string) => broker.presenceMembers(channel).size

  /** Each channel's attributes as asked, from the cluster's counts (gathered once for all of them). */
  async function attributesOf(
    channels: readonly string[],
    attributes: ReadonlySet<ChannelAttribute>,
  ): Promise<Map<string, ChannelAttributes>> {
    const counts = await broker.channelCounts({ channels: [...new Set(channels)] })
    return new Map(
      channels.map((channel) => [
        channel,
        channelAttributes(channel, attributes, counts.get(channel) ?? 0, userCount),
      ]),
    )
  }

  app.post(
    '/apps/:appId/events',
    {
      ...routeOptions,
      schema: { params: AppParamsSchema, body: TriggerBodySchema, response: { 200: TriggerAnswerSchema } },
    },
    async (request, reply) => {
      const body = request.body
      if (tooLarge(body.data)) return sendError(reply, 413, { message: tooLargeMessage })
      const info = parseInfo(body.info, CHANNEL_ATTRIBUTES)
      if (!info.ok) return sendError(reply, 400, { message: info.message })
      const channels = body.channels ?? (body.channel === undefined ? [] : [body.channel])
      broker.publish({
        channels,
        name: body.name,
        data: body.data,
        ...(body.socket_id === undefined ? {} : { excludeSocketId: body.socket_id }),
      })
      if (info.attributes.size === 0) return {}
      return { channels: Object.fromEntries(await attributesOf(channels, info.attributes)) }
    },
  )

  app.post(
    '/apps/:appId/batch_events',
    {
      ...routeOptions,
      schema: { params: AppParamsSchema, body: BatchBodySchema, response: { 200: BatchAnswerSchema } },
    },
    async (request, reply) => {
      const { batch } = request.body
      // All or nothing: a batch is never half delivered.
      if (batch.some((event) => tooLarge(event.data)))
        return sendError(reply, 413, { message: tooLargeMessage })
      const infos: ReadonlySet<ChannelAttribute>[] = []
      for (const event of batch) {
        const info = parseInfo(event.info, CHANNEL_ATTRIBUTES)
        if (!info.ok) return sendError(reply, 400, { message: info.message })
        infos.push(info.attributes)
      }
      for (const event of batch) {
        broker.publish({
          channels: [event.channel],
          name: event.name,
          data: event.data,
          ...(event.socket_id === undefined ? {} : { excludeSocketId: event.socket_id }),
        })
      }
      if (infos.every((attributes) => attributes.size === 0)) return {}
      // One gathering for every channel asked about; an event without `info` answers {} in its place.
      const asked = batch.filter((_event, index) => (infos[index]?.size ?? 0) > 0)
      const counts = await broker.channelCounts({ channels: [...new Set(asked.map((e) => e.channel))] })
      return {
        batch: batch.map((event, index) =>
          channelAttributes(
            event.channel,
            infos[index] ?? new Set(),
            counts.get(event.channel) ?? 0,
            userCount,
          ),
        ),
      }
    },
  )

  app.get(
    '/apps/:appId/channels',
    {
      ...queryOptions,
      schema: {
        params: AppParamsSchema,
        querystring: ListQuerySchema,
        response: { 200: ChannelListAnswerSchema },
      },
    },
    async (request, reply) => {
      const prefix = request.query.filter_by_prefix ?? ''
      const info = parseInfo(request.query.info, LIST_ATTRIBUTES)
      if (!info.ok) return sendError(reply, 400, { message: info.message })
      if (!userCountAllowed(info.attributes, prefix))
        return sendError(reply, 400, { message: USER_COUNT_NEEDS_PRESENCE })
      const counts = await broker.channelCounts({ prefix })
      const channels: Record<string, ChannelAttributes> = {}
      for (const [channel, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
        channels[channel] = channelAttributes(channel, info.attributes, count, userCount)
      }
      return { channels }
    },
  )

  app.get(
    '/apps/:appId/channels/:channelName',
    {
      ...queryOptions,
      schema: {
        params: ChannelParamsSchema,
        querystring: ChannelQuerySchema,
        response: { 200: ChannelAnswerSchema },
      },
    },
    async (request, reply) => {
      const { channelName } = request.params
      const info = parseInfo(request.query.info, CHANNEL_ATTRIBUTES)
      if (!info.ok) return sendError(reply, 400, { message: info.message })
      if (!userCountAllowed(info.attributes, channelName))
        return sendError(reply, 400, { message: USER_COUNT_NEEDS_PRESENCE })
      const counts = await broker.channelCounts({ channels: [channelName] })
      const count = counts.get(channelName) ?? 0
      return {
        occupied: count > 0,
        ...channelAttributes(channelName, info.attributes, count, userCount),
      }
    },
  )

  app.get(
    '/apps/:appId/channels/:channelName/users',
    {
      ...queryOptions,
      schema: { params: ChannelParamsSchema, response: { 200: UsersAnswerSchema } },
    },
    async (request, reply) => {
      const { channelName } = request.params
      if (!isPresenceChannel(channelName)) {
        return sendError(reply, 400, { message: 'Users can only be listed for presence channels' })
      }
      // Asking the other instances first also waits out the presence changes they published before answering.
      await broker.channelCounts({ channels: [channelName] })
      return { users: [...broker.presenceMembers(channelName).keys()].map((id) => ({ id })) }
    },
  )

  app.post(
    '/apps/:appId/users/:userId/terminate_connections',
    {
      ...routeOptions,
      schema: { params: UserParamsSchema, body: TerminateBodySchema, response: { 200: EmptyAnswerSchema } },
    },
    async (request) => {
      broker.terminateUserConnections(request.params.userId)
      return {}
    },
  )
}
