// The build's first pass (decision 0043, tenth pass): the same configuration built once in memory without the
// shared groups, to learn which modules end up in which shared chunk once the unused exports are shaken out. The
// second pass, the real build, hands rolldown one group for each set of shared chunks that the same pages load
// (sharedChunkGroups in scripts/route-chunks.ts), holding those chunks' modules. Reading the graph rolldown hands a
// group instead does not work: it is the graph before tree-shaking, where a barrel's re-exports are imports
// (lucide-react's index imports every icon), so nearly every module looks reachable from the login page.
import { build, type Rollup } from 'vite'
import { sharedChunkGroups } from './route-chunks'
import { manifestOfBundle } from './vite-scripts-after-first-paint'

/** Set while the first pass runs: the configuration then leaves out what only the written build needs. */
const GRAPH_PASS = 'CHUNK_GRAPH_PASS'
export const isChunkGraphPass = () => process.env[GRAPH_PASS] === '1'

/** Module id -> the name of the shared group it joins, learned from a first build of `configFile`. */
export async function sharedModuleGroups(configFile: string, root: string): Promise<Map<string, string>> {
  process.env[GRAPH_PASS] = '1'
  try {
    const result = await build({
      configFile,
      root,
      logLevel: 'warn',
      build: { write: false, minify: false, sourcemap: false, reportCompressedSize: false },
    })
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
    const chunks = outputs
      .flatMap((output) => output.output)
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
    const manifest = manifestOfBundle(
      Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk])),
      root,
    )
    const groupOfKey = sharedChunkGroups(manifest)
    const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
    const groups = new Map<string, string>()
    for (const chunk of chunks) {
      const group = groupOfKey.get(keyOfFile.get(chunk.fileName) ?? '')
      if (group) for (const id of chunk.moduleIds) groups.set(id, group)
    }
    return groups
  } finally {
    delete process.env[GRAPH_PASS]
  }
}
