// Site settings: one jsonb row, read merged over the code's defaults and validated against the contract.
import { eq } from 'drizzle-orm'
import { SiteSettingsSchema, type SiteSettings, type SiteSettingsPatch } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { siteSettings } from '../db/schema'
import { DEFAULT_SITE_SETTINGS, type StoredSiteSettings } from '../db/seed-data/site-settings'

export type SettingsRepository = ReturnType<typeof createSettingsRepository>

const SETTINGS_ROW_ID = 1

function merge(stored: Record<string, unknown> | undefined): StoredSiteSettings {
  const value = { ...stored }
  const leverage = typeof value.leverage === 'object' && value.leverage !== null ? value.leverage : {}
  const merged = {
    ...DEFAULT_SITE_SETTINGS,
    ...value,
    leverage: { ...DEFAULT_SITE_SETTINGS.leverage, ...leverage },
  }
  // A hand-edited row that no longer fits the contract must not take the site down: fall back to the defaults.
  const parsed = SiteSettingsSchema.omit({ realtime: true }).safeParse(merged)
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS
}

export function createSettingsRepository(db: Db) {
  return {
    async get(): Promise<SiteSettings> {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ROW_ID))
      return merge(row?.value)
    },

    /** Applies a validated patch; leverage merges per class, everything else replaces. */
    async update(patch: SiteSettingsPatch): Promise<SiteSettings> {
      return db.transaction(async (tx) => {
        // Row lock: two admins saving at once must not drop each other's fields.
        const [row] = await tx
          .select()
          .from(siteSettings)
          .where(eq(siteSettings.id, SETTINGS_ROW_ID))
          .for('update')
        const current = merge(row?.value)
        const next = merge({ ...current, ...patch, leverage: { ...current.leverage, ...patch.leverage } })
        await tx
          .insert(siteSettings)
          .values({ id: SETTINGS_ROW_ID, value: next })
          .onConflictDoUpdate({ target: siteSettings.id, set: { value: next, updatedAt: new Date() } })
        return next
      })
    },
  }
}
