// Serves the built PWA from `dist/` and answers every unknown URL: JSON 404 for the API, index.html for a page
// the client router owns (it renders its own not-found page), and a hint to build when there is no client.
import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MESSAGES, sendError } from './errors'

// Hashed file names under /assets/ never change content; everything else must be revalidated, above all
// index.html and sw.js, or a browser keeps running an old release.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? ''

// Every /api path, not only /api/v1: an unknown API version must never receive index.html.
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

/** A browser navigation to a page of the client, as opposed to an API call or a missing file. */
function isPageRequest(request: FastifyRequest): boolean {
  const path = pathOf(request)
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && path !== '/metrics'
}

export async function registerStatic(app: FastifyInstance, clientDir: string): Promise<void> {
  const clientBuilt = existsSync(join(clientDir, 'index.html'))

  if (clientBuilt) {
    const immutableDir = join(clientDir, 'assets') + sep
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      cacheControl: false,
      // file.br / file.gz written by the build (scripts/vite-precompress.ts), chosen by Accept-Encoding.
      preCompressed: true,
      // One route per file of the build, listed once at start, rather than one catch-all route: the catch-all
      // reads every directory on a file's path for each request (its check of the name's spelling against
      // case-folding file systems), and /assets holds several hundred files, so a page's ninety files cost ninety
      // listings of it, about a tenth of the server's CPU in an e2e run (docs/decisions/0044). A release is
      // a new image and process (deploy/README.md), and a file changed in place is still read when sent. The
      // compressed copies get no route of their own: `preCompressed` finds them beside the file they compress.
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(immutableDir) ? IMMUTABLE : REVALIDATE)
      },
    })
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPageRequest(request)) return sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
    if (!clientBuilt) {
      return sendError(reply, 404, {
        message: 'The client is not built: run `npm run build`, then restart the server.',
      })
    }
    // A missing script or image must stay a 404; only what a browser loads as a page gets the app shell.
    if ((request.headers.accept ?? '').includes('text/html')) return reply.sendFile('index.html')
    return sendError(reply, 404, { message: MESSAGES.NOT_FOUND })
  })
}
