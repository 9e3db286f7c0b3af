// Runs as a dedicated Worker, one per tab, where SharedWorker is missing (older Android Chrome, WebView) or the
// page asks for `?realtime=dedicated`: the same hub, serving a single tab through the worker's own port.
// First: before any module builds a zod schema.
import '../../src/domain/contract/zod-jitless'
import { expose } from 'comlink'
import { startHub } from './start-hub'

declare const self: DedicatedWorkerGlobalScope

expose(startHub(self), self)
