// Site settings: public read (no secrets live there), admin-only partial update. Both answers carry where the
// realtime services are (docs/product/realtime.md#push-channels-and-events: each site loads its configuration from
// the server): the Pusher key and the price feed's API key, both public by design; never a secret.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AdminSettingsPatchSchema,
  AdminSettingsResponseSchema,
  AUDIT_ACTIONS,
  FUNDS_ADMIN_MESSAGES,
  isLegalDocument,
  LEGAL_DOCUMENT_TITLES,
  LEGAL_MESSAGES,
  LegalDocumentParamsSchema,
  LegalDocumentResponseSchema,
  SITE_EVENTS,
  SITE_CHANNEL,
  SiteSettingsResponseSchema,
  type FundsSettings,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { sendError } from '../plugins/errors'
import { recordAudit } from '../repositories/audit'
import { mergeFundsPatch } from '../repositories/settings'

/** The limit (card, wire, withdrawal) whose merged minimum is above its maximum, if any. */
function invertedLimit(funds: FundsSettings): string | undefined {
  const limits = Object.entries(funds.limits) as [string, { min: number; max: number }][]
  return limits.find(([, limit]) => limit.min < 0 || limit.min > limit.max)?.[0]
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        summary: 'Read the site settings every page starts from',
        response: { 200: SiteSettingsResponseSchema },
      },
    },
    async () => ({
      data: { ...(await app.repos.settings.get()), realtime: app.realtime.endpoints },
    }),
  )

  // The legal and help pages (decision 0022), public: the sign-up pages link to them.
  app.get(
    '/legal/:document',
    {
      schema: {
        summary: "Read one of the operator's legal texts",
        params: LegalDocumentParamsSchema,
        response: { 200: LegalDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      const { document } = request.params
      if (!isLegalDocument(document)) return sendError(reply, 404, { message: LEGAL_MESSAGES.NOT_FOUND })
      const texts = await app.repos.settings.getLegal()
      return reply
        .header('cache-control', 'no-cache')
        .send({ data: { document, title: LEGAL_DOCUMENT_TITLES[document], body: texts[document] } })
    },
  )

  // The operator's view: everything GET /settings says, and the funds settings (decision 0019) and legal texts (issue
  // 17) it leaves out.
  app.get(
    '/admin/settings',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        summary: 'Read the site settings as staff edit them',
        response: { 200: AdminSettingsResponseSchema },
      },
    },
    async (_request, reply) => {
      const [settings, funds, legal] = await Promise.all([
        app.repos.settings.get(),
        app.repos.settings.getFunds(),
        app.repos.settings.getLegal(),
      ])
      return reply
        .header('cache-control', 'no-store')
        .send({ data: { ...settings, funds, legal, realtime: app.realtime.endpoints } })
    },
  )

  app.patch(
    '/admin/settings',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        summary: 'Change site settings',
        body: AdminSettingsPatchSchema,
        response: { 200: AdminSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const fundsPatch = request.body.funds
      if (fundsPatch) {
        // Checked against the stored settings here; two admins saving limits in the same instant is not a case.
        const inverted = invertedLimit(mergeFundsPatch(await app.repos.settings.getFunds(), fundsPatch))
        if (inverted !== undefined) {
          const message = FUNDS_ADMIN_MESSAGES.LIMITS_INVERTED
          return sendError(reply, 422, { message, errors: { [`funds.limits.${inverted}`]: [message] } })
        }
      }
      const actor = auditActor(request)
      const { before, after, funds, legal } = await app.repos.settings.update(request.body, (tx, change) =>
        recordAudit(tx, actor, {
          action: AUDIT_ACTIONS.SETTINGS_UPDATED,
          targetUserId: null,
          before: change.before,
          after: change.after,
        }),
      )
      request.log.info({ adminId: actor.actorId, fields: Object.keys(after) }, 'site settings changed')
      // Every open client refetches the settings (a status change shows or lifts the maintenance screen).
      void app.publisher.trigger(SITE_CHANNEL, SITE_EVENTS.SETTINGS_UPDATED, {
        updated_at: app.now().toISOString(),
      })
      return { data: { ...before, ...after, funds, legal, realtime: app.realtime.endpoints } }
    },
  )
}
