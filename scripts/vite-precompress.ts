// Brotli and gzip copies of the built text files, beside them (file.js.br, file.js.gz), which the server sends to a
// browser that accepts them (@fastify/static's preCompressed, server/plugins/static.ts). Compressed once at build,
// at the highest levels, instead of per request: the login route's scripts are 600 KB as files and 163 KB gzip
// (decision 0028). Files under 1 KB are left alone; the service worker's precache lists the originals only.
import { brotliCompress, constants, gzip } from 'node:zlib'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Plugin, ResolvedConfig } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
const MIN_BYTES = 1024
const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(path)
    else if (COMPRESSIBLE.test(entry.name)) yield path
  }
}

export async function precompressDirectory(dir: string): Promise<number> {
  const work: Promise<void>[] = []
  for await (const path of filesUnder(dir)) {
    if ((await stat(path)).size < MIN_BYTES) continue
    work.push(
      readFile(path).then(async (content) => {
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzipAsync(content, { level: 9 }),
        ])
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
      }),
    )
  }
  await Promise.all(work)
  return work.length
}

export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'precompress',
    apply: 'build',
    // After every other plugin's closeBundle (the service worker is built in one): `order: 'post'`.
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const count = await precompressDirectory(config.build.outDir)
        config.logger.info(`precompress: ${count} files as .br and .gz`)
      },
    },
  }
}
