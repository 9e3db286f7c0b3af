// The embedded broker's app id, key and secret and the price feed's API key, generated once per database.
import { randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { realtimeCredentials } from '../db/schema'

export type RealtimeCredentialsRepository = ReturnType<typeof createRealtimeCredentialsRepository>

export interface RealtimeCredentials {
  pusherAppId: string
  pusherKey: string
  pusherSecret: string
  priceApiKey: string
}

const ROW_ID = 1

/** Shapes like Pusher's own: a numeric app id, a 20-hex-digit key; the secret has 256 bits. */
function generate(): RealtimeCredentials {
  return {
    pusherAppId: String(randomInt(100_000, 10_000_000)),
    pusherKey: randomBytes(10).toString('hex'),
    pusherSecret: randomBytes(32).toString('hex'),
    priceApiKey: randomBytes(16).toString('hex'),
  }
}

export function createRealtimeCredentialsRepository(db: Db) {
  return {
    /**
     * The stored credentials, generated and stored on first use. Two instances starting together both try the
     * insert; the single-row key lets one win and both read the winner's values.
     */
    async getOrCreate(): Promise<RealtimeCredentials> {
      await db
        .insert(realtimeCredentials)
        .values({ id: ROW_ID, ...generate() })
        .onConflictDoNothing()
      const [row] = await db.select().from(realtimeCredentials).where(eq(realtimeCredentials.id, ROW_ID))
      if (!row) throw new Error('realtime_credentials has no row after insert')
      return {
        pusherAppId: row.pusherAppId,
        pusherKey: row.pusherKey,
        pusherSecret: row.pusherSecret,
        priceApiKey: row.priceApiKey,
      }
    },
  }
}
