// What the budget checks share: the build's manifest (dist/.vite/manifest.json; BENCH_CLIENT_DIR=<dir> for another
// build), the scripts a chunk pulls in through its static imports, and their size gzip-compressed as a CDN would
// serve them. Reading the manifest takes well under a second, so the checks run after every build.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from '../../scripts/route-chunks'

const ROOT = resolve(new URL('../../', import.meta.url).pathname)
export const CLIENT_DIR = resolve(process.env.BENCH_CLIENT_DIR ?? join(ROOT, 'dist'))

export const gzipKb = (files: string[]) =>
  files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length,
    0,
  ) / 1024

export function readManifest(): Manifest {
  const manifestPath = join(CLIENT_DIR, '.vite/manifest.json')
  if (!existsSync(manifestPath)) {
    console.error(`no build manifest at ${manifestPath}: run \`npm run build\` first`)
    process.exit(1)
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
}
