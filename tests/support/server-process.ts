// How the suites start the reference server as a process of its own: `node server/start.mjs`, the command that
// `npm run serve` and `npm start` run. It runs the server from one esbuild bundle in dist-server/, rebuilt only when
// a source changed, instead of sending every module through tsx's loader thread: a start costs about 4 CPU seconds
// less (docs/decisions/0033-hardening-second-round.md, Restart), and the e2e suite starts a server for most tests.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The arguments to `node` (`process.execPath`), run in the repository's root. */
export const SERVER_START_ARGS: readonly string[] = ['server/start.mjs']

/**
 * Builds the bundle before a suite starts its servers, so that servers started at once do not each build it (a
 * build is safe to race, only wasted). Does nothing when the bundle is fresh.
 */
export function buildServerBundle() {
  execFileSync(process.execPath, [...SERVER_START_ARGS, '--build'], { cwd: ROOT, stdio: 'inherit' })
}
