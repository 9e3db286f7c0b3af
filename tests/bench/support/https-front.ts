// nginx with TLS and HTTP/2 in front of a bench server: the app as a deployment serves it (deploy/nginx.conf, the
// same template the cluster runs), so a bench can measure what a phone gets over HTTP/2 as well as over the bench
// server's plain HTTP/1.1 (docs/decisions/0043-the-signed-in-start-on-a-phone.md). The certificate is made here for
// localhost and trusted by nobody: the browser that opens the page runs with --ignore-certificate-errors.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startNginx } from '../../../scripts/cluster/nginx'
import { freePort } from '../../support/free-port'
import { selfSignedCertificate } from '../../support/self-signed-certificate'

export interface HttpsFront {
  /** https://localhost:PORT */
  url: string
  stop(): Promise<void>
}

/** Starts nginx on a free port, ending TLS with HTTP/2 and passing every request to `upstreamUrl`. */
export async function startHttpsFront(upstreamUrl: string): Promise<HttpsFront> {
  const dir = await mkdtemp(join(tmpdir(), 'cfd-https-front-'))
  const certificateFile = join(dir, 'localhost.pem')
  const keyFile = join(dir, 'localhost-key.pem')
  const { cert, key } = selfSignedCertificate()
  await writeFile(certificateFile, cert)
  await writeFile(keyFile, key, { mode: 0o600 })
  const upstream = new URL(upstreamUrl)
  const nginx = await startNginx({
    port: await freePort(),
    listenHost: '127.0.0.1',
    upstreams: [`127.0.0.1:${upstream.port}`],
    tls: { certificateFile, keyFile },
  })
  return {
    url: nginx.url,
    stop: async () => {
      await nginx.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
