// Runs server.ts from one bundle of the server's TypeScript, without tsx: `node server/start.mjs`. Under tsx every
// module of the server and of its packages goes through tsx's loader thread, and loading them was the largest
// part of a restart (about 4 of the 9 CPU seconds on two busy cores, against 1.5 from the bundle: decision 0033,
// Restart). The bundle is made with esbuild into dist-server/ at the first start, and again only when one of its
// source files changed (by size and modification time), so an edited server never runs stale code. Packages stay
// outside the bundle and load from node_modules as usual; `import.meta.url` keeps naming each source file, so
// paths beside a module (the migrations, the built client) resolve as they do under tsx.
//   node server/start.mjs          build when needed, then start the server
//   node server/start.mjs --build  build when needed and exit (an image build, so the runtime needs no esbuild)
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
// SERVER_BUNDLE_DIR (tests): another place for the bundle, inside the repository so that its packages resolve.
const OUT_DIR = process.env.SERVER_BUNDLE_DIR
  ? resolve(process.env.SERVER_BUNDLE_DIR)
  : join(ROOT, 'dist-server')
const BUNDLE = join(OUT_DIR, 'server.mjs')
const MANIFEST = join(OUT_DIR, 'inputs.json')
// The build options below are part of what the bundle is: change this when they change.
const BUILD_VERSION = 1
// The compiler settings the sources are read with.
const SETTINGS_FILES = ['tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json']

/** @param {string} path relative to the repository */
async function fingerprint(path) {
  const stats = await stat(join(ROOT, path))
  return `${stats.size}:${stats.mtimeMs}`
}

/** Whether dist-server/ holds a bundle of exactly the sources there are now. */
async function bundleIsFresh() {
  try {
    const manifest = JSON.parse(await readFile(MANIFEST, 'utf8'))
    if (manifest.version !== BUILD_VERSION) return false
    await stat(BUNDLE)
    const entries = Object.entries(manifest.inputs)
    const current = await Promise.all(entries.map(([path]) => fingerprint(path)))
    return entries.every(([, recorded], index) => current[index] === recorded)
  } catch {
    // No bundle yet, an unreadable manifest, or a source file that is gone.
    return false
  }
}

/** esbuild plugin: `import.meta.url` in a bundled module stays the URL of its own source file. */
const sourceFileUrls = {
  name: 'source-file-urls',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.m?ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      const url = JSON.stringify(pathToFileURL(path).href)
      return { contents: source.replace(/\bimport\.meta\.url\b/g, url), loader: 'ts' }
    })
  },
}

async function buildBundle() {
  const startedMs = Date.now()
  const { build } = await import('esbuild')
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/server.ts'],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Class and function names stay as written: logs and errors name them.
    keepNames: true,
    sourcemap: 'linked',
    tsconfig: join(ROOT, 'tsconfig.node.json'),
    plugins: [sourceFileUrls],
    metafile: true,
    write: false,
    logLevel: 'error',
  })
  const inputs = [...Object.keys(result.metafile.inputs), ...SETTINGS_FILES]
  const prints = await Promise.all(inputs.map(async (path) => [path, await fingerprint(path)]))
  await mkdir(OUT_DIR, { recursive: true })
  // Written aside and renamed: two instances starting at once (npm run start:cluster) never read half a file.
  const suffix = `.${process.pid}.tmp`
  for (const file of result.outputFiles) {
    await writeFile(file.path + suffix, file.contents)
    await rename(file.path + suffix, file.path)
  }
  // A source edited while esbuild read it may not be in the bundle: then no manifest, and the next start rebuilds.
  const editedMeanwhile = await Promise.all(
    inputs.map(async (path) => (await stat(join(ROOT, path))).mtimeMs >= startedMs),
  )
  if (editedMeanwhile.some(Boolean)) return
  await writeFile(
    MANIFEST + suffix,
    JSON.stringify({ version: BUILD_VERSION, inputs: Object.fromEntries(prints) }),
  )
  await rename(MANIFEST + suffix, MANIFEST)
}

if (!(await bundleIsFresh())) await buildBundle()
if (!process.argv.includes('--build')) {
  // Stack traces name the TypeScript files and lines, as under tsx.
  process.setSourceMapsEnabled(true)
  await import(pathToFileURL(BUNDLE).href)
}
