// Runs as the browser's one SharedWorker `realtime-hub` (docs/architecture.md#the-realtime-hub): every tab of the
// origin connects a port and talks to the same hub through Comlink. First: before any module builds a zod schema.
import '../../src/domain/contract/zod-jitless'
import { expose } from 'comlink'
import { startHub } from './start-hub'

declare const self: SharedWorkerGlobalScope

const api = startHub(self)

self.addEventListener('connect', (event) => {
  const [port] = event.ports
  if (port) expose(api, port)
})
