// Where chat uploads live: one file per upload under `<DATA_DIR>/chat-uploads`, named by its random storage key
// (never by anything the sender chose). An in-memory database (tests) gets a temporary directory, removed on close.
import { randomBytes } from 'node:crypto'
import { createReadStream, type ReadStream } from 'node:fs'
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MEMORY_DATA_DIR } from '../db/client'

/** 24 random bytes, base64url: 32 characters, unguessable, safe in a URL and as a file name. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/

export interface ChatFileStore {
  readonly dir: string
  newKey(): string
  save(key: string, bytes: Uint8Array): Promise<void>
  open(key: string): ReadStream
  remove(key: string): Promise<void>
  close(): Promise<void>
}

function pathOf(dir: string, key: string): string {
  // Keys are ours, but a path is never built from anything that was not checked.
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key')
  return join(dir, key)
}

export async function openChatFileStore(dataDir: string): Promise<ChatFileStore> {
  const temporary = dataDir === MEMORY_DATA_DIR
  const dir = temporary ? await mkdtemp(join(tmpdir(), 'cfd-chat-uploads-')) : join(dataDir, 'chat-uploads')
  await mkdir(dir, { recursive: true, mode: 0o700 })
  return {
    dir,
    newKey: () => randomBytes(24).toString('base64url'),
    // 'wx': a key that somehow exists already is an error, never an overwrite.
    save: (key, bytes) => writeFile(pathOf(dir, key), bytes, { flag: 'wx', mode: 0o600 }),
    open: (key) => createReadStream(pathOf(dir, key)),
    remove: (key) => unlink(pathOf(dir, key)).catch(() => undefined),
    close: async () => {
      if (temporary) await rm(dir, { recursive: true, force: true })
    },
  }
}
