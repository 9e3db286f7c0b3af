// The VAPID key pair Web Push is signed with (decision 0037), generated once per database as the realtime
// credentials are, so every instance and every restart signs with the same key the browsers subscribed to.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { vapidKeys } from '../db/schema'

export type VapidKeysRepository = ReturnType<typeof createVapidKeysRepository>

export interface VapidKeyPair {
  /** base64url, the uncompressed P-256 point (65 bytes). */
  publicKey: string
  /** base64url, the 32-byte private scalar. */
  privateKey: string
}

const ROW_ID = 1

export function createVapidKeysRepository(db: Db) {
  return {
    /**
     * The stored pair, generated and stored on first use. Two instances starting together both try the insert; the
     * single-row key lets one win and both read the winner's pair.
     */
    async getOrCreate(generate: () => VapidKeyPair): Promise<VapidKeyPair> {
      await db
        .insert(vapidKeys)
        .values({ id: ROW_ID, ...generate() })
        .onConflictDoNothing()
      const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID))
      if (!row) throw new Error('vapid_keys has no row after insert')
      return { publicKey: row.publicKey, privateKey: row.privateKey }
    },
  }
}
