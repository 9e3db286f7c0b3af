// Support chat's services (issue 6; the why is in docs/decisions/0010-support-chat.md): the upload store under the
// data directory and the per-conversation ordered publisher. Decorates the app with `chat`; routes/chat.ts serves it.
import type { FastifyInstance } from 'fastify'
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

export async function registerChat(app: FastifyInstance, dataDir: string): Promise<void> {
  const files = await openChatFileStore(dataDir)
  const publications = createOrderedPublisher((error) =>
    app.log.warn({ err: error }, 'chat event could not be published'),
  )
  app.decorate('chat', { files, publications })
  app.addHook('onClose', async () => {
    await files.close()
  })
}
