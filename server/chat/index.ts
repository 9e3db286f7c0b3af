// Support chat's services (the why is in docs/decisions/0010-support-chat.md): the upload store (under the
// data directory on PGlite, in the database on PostgreSQL) and the per-conversation ordered publisher. Decorates the
// app with `chat`; routes/chat.ts serves it. Register after the repositories.
import type { FastifyInstance } from 'fastify'
import type { DbDriver } from '../db/client'
import { openChatFileStore, type ChatFileStore } from './file-store'
import { createOrderedPublisher, type OrderedPublisher } from './publish-order'

export interface ChatServices {
  files: ChatFileStore
  publications: OrderedPublisher
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatServices
  }
}

export async function registerChat(app: FastifyInstance, dataDir: string, driver: DbDriver): Promise<void> {
  // On PostgreSQL several instances may serve one site (decision 0024): a file received by one must download from
  // any.
  const files = await openChatFileStore(
    driver === 'postgres'
      ? { in: 'database', storedFiles: app.repos.storedFiles }
      : { in: 'directory', dataDir },
  )
  const publications = createOrderedPublisher((error) =>
    app.log.warn({ err: error }, 'chat event could not be published'),
  )
  app.decorate('chat', { files, publications })
  app.addHook('onClose', async () => {
    await files.close()
  })
}
