// Where uploads live (chat files, verification documents, avatars), by their random storage key (never by anything
// the sender chose). On embedded PGlite: one file per upload under `<DATA_DIR>/chat-uploads`, and an in-memory
// database (tests) gets a temporary directory, removed on close. On PostgreSQL: rows of `stored_files`, so that
// every instance of a cluster serves what any of them received (decision 0024).
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { MEMORY_DATA_DIR } from '../db/client'
import type { StoredFilesRepository } from '../repositories/stored-files'

/** 24 random bytes, base64url: 32 characters, unguessable, safe in a URL and as a file name. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/

export interface ChatFileStore {
  /** The directory holding the files; undefined when they are in the database. */
  readonly dir: string | undefined
  newKey(): string
  save(key: string, bytes: Uint8Array): Promise<void>
  /** The stored bytes, or undefined when the key holds nothing (any more). */
  open(key: string): Promise<Readable | undefined>
  remove(key: string): Promise<void>
  close(): Promise<void>
}

export type ChatFileStoreOptions =
  { in: 'directory'; dataDir: string } | { in: 'database'; storedFiles: StoredFilesRepository }

const newKey = () => randomBytes(24).toString('base64url')

function checkedKey(key: string): string {
  // Keys are ours, but a path or a query is never built from anything that was not checked.
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key')
  return key
}

export async function openChatFileStore(options: ChatFileStoreOptions): Promise<ChatFileStore> {
  return options.in === 'database'
    ? databaseFileStore(options.storedFiles)
    : directoryFileStore(options.dataDir)
}

async function directoryFileStore(dataDir: string): Promise<ChatFileStore> {
  const temporary = dataDir === MEMORY_DATA_DIR
  const dir = temporary ? await mkdtemp(join(tmpdir(), 'cfd-chat-uploads-')) : join(dataDir, 'chat-uploads')
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const pathOf = (key: string) => join(dir, checkedKey(key))
  return {
    dir,
    newKey,
    // 'wx': a key that somehow exists already is an error, never an overwrite.
    save: (key, bytes) => writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 }),
    async open(key) {
      const stream = createReadStream(pathOf(key))
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve())
          stream.once('error', reject)
        })
      } catch {
        stream.destroy()
        return undefined
      }
      return stream
    },
    remove: (key) => unlink(pathOf(key)).catch(() => undefined),
    close: async () => {
      if (temporary) await rm(dir, { recursive: true, force: true })
    },
  }
}

function databaseFileStore(storedFiles: StoredFilesRepository): ChatFileStore {
  return {
    dir: undefined,
    newKey,
    save: (key, bytes) => storedFiles.insert(checkedKey(key), bytes),
    async open(key) {
      const bytes = await storedFiles.read(checkedKey(key))
      // A byte stream of one chunk (Readable.from would make an object stream).
      return bytes === undefined ? undefined : Readable.from([bytes], { objectMode: false })
    },
    // Best-effort, like unlinking: bytes left behind are never served, since every download starts from the row
    // that names them (chat_attachments, avatar_files, verification_documents).
    remove: (key) => storedFiles.remove(checkedKey(key)).catch(() => undefined),
    // The database closes with the app.
    close: async () => undefined,
  }
}
