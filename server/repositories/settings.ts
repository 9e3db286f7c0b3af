// Site settings: one jsonb row, read merged over the code's defaults and validated against the contract.
import { eq } from 'drizzle-orm'
import { omit } from 'zod/mini'
import {
  FundsSettingsSchema,
  heldLimit,
  LegalTextsSchema,
  SiteSettingsSchema,
  type AdminSettingsPatch,
  type FundsSettings,
  type LegalTexts,
  type Limit,
  type SiteSettings,
} from '../../src/domain/contract'
import type { Db } from '../db/client'
import type { AuditExecutor } from './audit'
import { siteSettings } from '../db/schema'
import {
  DEFAULT_FUNDS_SETTINGS,
  DEFAULT_SITE_SETTINGS,
  type StoredSiteSettings,
} from '../db/seed-data/site-settings'
import { DEFAULT_LEGAL_TEXTS } from '../db/seed-data/legal-texts'

export type SettingsRepository = ReturnType<typeof createSettingsRepository>

const SETTINGS_ROW_ID = 1

/** Built once: every order reads the settings (the leverage chain), and building the schema cost more than parsing. */
const StoredSiteSettingsSchema = omit(SiteSettingsSchema, { realtime: true })

function merge(stored: Record<string, unknown> | undefined): StoredSiteSettings {
  const value = { ...stored }
  const leverage = typeof value.leverage === 'object' && value.leverage !== null ? value.leverage : {}
  const merged = {
    ...DEFAULT_SITE_SETTINGS,
    ...value,
    leverage: { ...DEFAULT_SITE_SETTINGS.leverage, ...leverage },
  }
  // A hand-edited row that no longer fits the contract must not take the site down: fall back to the defaults.
  const parsed = StoredSiteSettingsSchema.safeParse(merged)
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS
}

const objectOr = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

/**
 * One stored limit over its default, each bound held within what an amount can be (heldLimit, decision 0033): a
 * limit stored before the patch schema bounded them (a maximum of 1e307) reads as the largest amount, so the cashier
 * and the forms that show it work, and the rest of the funds settings are kept rather than reset to the defaults.
 */
function storedLimit(stored: unknown, fallback: Limit): Limit {
  const value = objectOr(stored)
  return { min: heldLimit(value.min, fallback.min), max: heldLimit(value.max, fallback.max) }
}

/** The funds settings (decision 0019): stored under `funds`, merged field by field over the code's defaults. */
export function mergeFunds(stored: unknown): FundsSettings {
  const value = objectOr(stored)
  const limits = objectOr(value.limits)
  const defaults = DEFAULT_FUNDS_SETTINGS
  const merged = {
    bank: { ...defaults.bank, ...objectOr(value.bank) },
    limits: {
      card: storedLimit(limits.card, defaults.limits.card),
      wire: storedLimit(limits.wire, defaults.limits.wire),
      withdrawal: storedLimit(limits.withdrawal, defaults.limits.withdrawal),
    },
    savings_apr_percent: value.savings_apr_percent ?? defaults.savings_apr_percent,
  }
  const parsed = FundsSettingsSchema.safeParse(merged)
  return parsed.success ? parsed.data : DEFAULT_FUNDS_SETTINGS
}

/** The legal pages' texts (decision 0022): stored under `legal`, each page over the code's default text. */
export function mergeLegal(stored: unknown): LegalTexts {
  const parsed = LegalTextsSchema.partial().safeParse(objectOr(stored))
  // A page whose stored text no longer fits the contract falls back to the default, the others are kept.
  if (!parsed.success) return DEFAULT_LEGAL_TEXTS
  const texts = { ...DEFAULT_LEGAL_TEXTS }
  for (const [key, text] of Object.entries(parsed.data) as [keyof LegalTexts, string | undefined][]) {
    if (text !== undefined) texts[key] = text
  }
  return texts
}

export interface SettingsChange {
  before: Record<string, unknown>
  after: Record<string, unknown>
}

/** Only the fields whose value changed, before and after (leverage compared as a whole map). */
function changedFields(current: StoredSiteSettings, next: StoredSiteSettings): SettingsChange {
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const key of Object.keys(next) as (keyof StoredSiteSettings)[]) {
    if (JSON.stringify(current[key]) === JSON.stringify(next[key])) continue
    before[key] = current[key]
    after[key] = next[key]
  }
  return { before, after }
}

export function createSettingsRepository(db: Db) {
  return {
    async get(): Promise<SiteSettings> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ROW_ID))
      return merge(row?.value)
    },

    /** The cashier's settings; never part of get(), which the public GET /settings answers. */
    async getFunds(): Promise<FundsSettings> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ROW_ID))
      return mergeFunds(row?.value.funds)
    },

    /** The legal and help pages' texts; never part of get(): GET /legal/{document} serves one at a time. */
    async getLegal(): Promise<LegalTexts> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ROW_ID))
      return mergeLegal(row?.value.legal)
    },

    /**
     * Applies a validated patch (leverage merges per class, everything else replaces) and answers the whole
     * settings (`before` merged with `after`) plus what changed; `audit` writes the change's audit row inside the
     * same transaction.
     */
    async update(
      patch: AdminSettingsPatch,
      audit: (tx: AuditExecutor, change: SettingsChange) => Promise<void>,
    ): Promise<{
      before: SiteSettings
      after: Partial<SiteSettings>
      funds: FundsSettings
      legal: LegalTexts
    }> {
      return db.transaction(async (tx) => {
        // Row lock: two admins saving at once must not drop each other's fields.
        const [row] = await tx
          .select()
          .from(siteSettings)
          .where(eq(siteSettings.id, SETTINGS_ROW_ID))
          .for('update')
        const current = merge(row?.value)
        const { funds: fundsPatch, legal: legalPatch, ...sitePatch } = patch
        const next = merge({
          ...current,
          ...sitePatch,
          leverage: { ...current.leverage, ...sitePatch.leverage },
        })
        // The funds settings are kept as stored until a patch names them, then stored whole, deep-merged.
        const storedFunds = row?.value.funds
        const currentFunds = mergeFunds(storedFunds)
        const nextFunds = fundsPatch ? mergeFunds(mergeFundsPatch(currentFunds, fundsPatch)) : currentFunds
        const fundsKept = fundsPatch ? nextFunds : storedFunds
        // The legal texts likewise: stored as they were until a patch names a page.
        const storedLegal = row?.value.legal
        const currentLegal = mergeLegal(storedLegal)
        const nextLegal = legalPatch ? mergeLegal({ ...currentLegal, ...legalPatch }) : currentLegal
        const legalKept = legalPatch ? nextLegal : storedLegal
        const value: Record<string, unknown> = { ...next }
        if (fundsKept !== undefined) value.funds = fundsKept
        if (legalKept !== undefined) value.legal = legalKept
        await tx
          .insert(siteSettings)
          .values({ id: SETTINGS_ROW_ID, value })
          .onConflictDoUpdate({ target: siteSettings.id, set: { value, updatedAt: new Date() } })
        const change = changedFields(current, next)
        if (JSON.stringify(currentFunds) !== JSON.stringify(nextFunds)) {
          change.before.funds = currentFunds
          change.after.funds = nextFunds
        }
        // Only the pages that changed, so the audit row does not carry every page's whole text.
        for (const key of Object.keys(nextLegal) as (keyof LegalTexts)[]) {
          if (currentLegal[key] === nextLegal[key]) continue
          const before = (change.before.legal ??= {}) as Partial<LegalTexts>
          const after = (change.after.legal ??= {}) as Partial<LegalTexts>
          before[key] = currentLegal[key]
          after[key] = nextLegal[key]
        }
        // A save that changes nothing is no admin action: no audit row, as for an unchanged user status.
        if (Object.keys(change.after).length > 0) await audit(tx, change)
        return { before: current, after: next, funds: nextFunds, legal: nextLegal }
      })
    },
  }
}

/** A funds patch over the current funds settings: each bank field and each limit's bound replaced on its own. */
export function mergeFundsPatch(
  current: FundsSettings,
  patch: NonNullable<AdminSettingsPatch['funds']>,
): FundsSettings {
  return {
    bank: { ...current.bank, ...patch.bank },
    limits: {
      card: { ...current.limits.card, ...patch.limits?.card },
      wire: { ...current.limits.wire, ...patch.limits?.wire },
      withdrawal: { ...current.limits.withdrawal, ...patch.limits?.withdrawal },
    },
    savings_apr_percent: patch.savings_apr_percent ?? current.savings_apr_percent,
  }
}
