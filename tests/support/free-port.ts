// A TCP port nothing listens on right now, for a server a test or bench starts: the integration suite's cluster and
// Redis, the e2e suite's server processes, the benches' servers. Asked of the kernel (port 0) and released at once.
import { createServer } from 'node:net'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
