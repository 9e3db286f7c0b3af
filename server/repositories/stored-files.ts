// The bytes of uploads in PostgreSQL (decision 0024: every instance serves what any of them received). Only
// chat/file-store.ts uses it, and only on PostgreSQL: embedded PGlite keeps uploads as files under DATA_DIR.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { storedFiles } from '../db/schema'

export type StoredFilesRepository = ReturnType<typeof createStoredFilesRepository>

export function createStoredFilesRepository(db: Db) {
  return {
    /** Stores new bytes; a key that exists already is an error (the primary key), never an overwrite. */
    async insert(key: string, bytes: Uint8Array): Promise<void> {
      const buffer = Buffer.isBuffer(bytes)
        ? bytes
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      await db.insert(storedFiles).values({ key, bytes: buffer, sizeBytes: buffer.length })
    },

    /** The bytes, or undefined when the key holds nothing (any more). */
    async read(key: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
      return row?.bytes
    },

    async remove(key: string): Promise<void> {
      await db.delete(storedFiles).where(eq(storedFiles.key, key))
    },
  }
}
