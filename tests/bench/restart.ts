// npm run bench:restart: how long the server on PGlite takes to answer again after a kill -9 under write load, and
// where that time goes. The server runs as an operator runs it (a child process, a data directory on disk, the
// demo seed on); customers registered through the API deposit by card and open and close positions from their own
// loopback addresses. Each round: load for RESTART_LOAD_SECONDS, SIGKILL in the middle of it, start again on the
// same directory, and time from the spawn to the first 200 of GET /healthz and of GET /api/v1/settings. Then every
// deposit the server had acknowledged before the kill must still be there. Prints min/median/max and the median of
// each start-up phase (the server's own 'startup phases' log line). Figures, not a pass/fail test.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Asset } from '../../src/domain/contract'
import {
  adminClient,
  closePosition,
  createCustomers,
  cryptoAsset,
  depositByCard,
  expectStatus,
  openPosition,
  type BenchCustomer,
} from './support/api-customers'
import { cpuSeconds, percentile } from './support/client-processes'
import { machineBusyTicks, CLOCK_TICKS } from './support/machine'
import { ServerProcess, serveArgs, type StartTiming, type StartupPhases } from './support/server-process'

const ROUNDS = Number(process.env.RESTART_ROUNDS ?? 5)
const LOAD_SECONDS = Number(process.env.RESTART_LOAD_SECONDS ?? 20)
const CUSTOMERS = Number(process.env.RESTART_CUSTOMERS ?? 20)
// The server runs as `npm run serve` runs it. RESTART_SERVER_ARGS: what follows `node` instead (space-separated),
// e.g. `--import tsx server/server.ts`; RESTART_SERVER_ROOT: another checkout's server (an earlier commit).
const SERVER_ROOT = process.env.RESTART_SERVER_ROOT || undefined
const SERVER_ARGS = process.env.RESTART_SERVER_ARGS?.split(' ').filter(Boolean) ?? serveArgs(SERVER_ROOT)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface LoadState {
  running: boolean
  acknowledged: Map<number, number[]>
  writes: number
  refusals: string[]
}

/** One customer's loop: a deposit, a position opened, held a moment, closed, and again, until told to stop. */
async function customerLoop(customer: BenchCustomer, asset: Asset, state: LoadState): Promise<void> {
  let tradeId: number | undefined
  while (state.running) {
    try {
      const deposit = await depositByCard(customer.client, 50 + Math.floor(Math.random() * 100))
      if (deposit.status === 201) {
        const id = (deposit.body as { data: { id: number } }).data.id
        state.acknowledged.get(customer.id)!.push(id)
        state.writes += 1
      } else if (deposit.status !== 429) state.refusals.push(`deposit ${deposit.status}`)
      if (tradeId === undefined) {
        const opened = await openPosition(customer.client, asset, Math.random() < 0.5 ? 'buy' : 'sell')
        if (opened.status === 201) {
          tradeId = (opened.body as { data: { id: number } }).data.id
          state.writes += 1
        } else if (opened.status !== 429) state.refusals.push(`open ${opened.status}`)
      } else {
        const closed = await closePosition(customer.client, tradeId)
        if (closed.status === 200) state.writes += 1
        else if (closed.status !== 429) state.refusals.push(`close ${closed.status}`)
        tradeId = undefined
      }
    } catch {
      // The server is gone (killed under us): wait for the next round.
      tradeId = undefined
      await sleep(100)
    }
    await sleep(150 + Math.random() * 200)
  }
}

/** Every deposit acknowledged with 201 is in the customer's list after the restart (the newest 100 are listed). */
async function lostDeposits(customers: BenchCustomer[], state: LoadState): Promise<number> {
  let lost = 0
  for (const customer of customers) {
    const listed = expectStatus<{ data: { id: number }[] }>(
      await customer.client.call('GET', '/funds/deposits'),
      200,
      'deposits list',
    )
    const ids = new Set(listed.data.map((deposit) => deposit.id))
    for (const id of state.acknowledged.get(customer.id)!) if (!ids.has(id)) lost += 1
  }
  return lost
}

function stats(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y)
  return {
    min: Math.round(sorted[0] ?? Number.NaN),
    median: Math.round(percentile(sorted, 50)),
    max: Math.round(sorted.at(-1) ?? Number.NaN),
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'cfd-restart-'))
const server = new ServerProcess({
  dataDir,
  env: { SEED_DEMO: 'true' },
  args: SERVER_ARGS,
  ...(SERVER_ROOT === undefined ? {} : { root: SERVER_ROOT }),
})
const timings: (StartTiming & { othersPercent: number; writes: number; lost: number })[] = []
try {
  const first = await server.start()
  console.log(`first start (empty directory): /healthz after ${Math.round(first.healthzMs)} ms`)
  const admin = await adminClient(server.baseUrl)
  const customers = await createCustomers(
    server.baseUrl,
    admin,
    CUSTOMERS,
    `restart${Date.now().toString(36)}`,
  )
  const asset = await cryptoAsset(customers[0]!.client)
  console.log(
    `node ${SERVER_ARGS.join(' ')}${SERVER_ROOT ? ` in ${SERVER_ROOT}` : ''}: ${customers.length} customers; ` +
      `${ROUNDS} rounds of ${LOAD_SECONDS} s load, then kill -9`,
  )

  for (let round = 1; round <= ROUNDS; round += 1) {
    const state: LoadState = {
      running: true,
      acknowledged: new Map(customers.map((customer) => [customer.id, []])),
      writes: 0,
      refusals: [],
    }
    const loops = customers.map((customer) => customerLoop(customer, asset, state))
    await sleep(LOAD_SECONDS * 1000)
    await server.kill9()
    state.running = false
    await Promise.all(loops)
    for (const customer of customers) customer.client.close()
    const busyBefore = machineBusyTicks()
    const selfBefore = process.cpuUsage()
    const busyFromMs = performance.now()
    const timing = await server.start()
    // What everything else on the machine used meanwhile: all busy time less the new server's and this bench's.
    const self = process.cpuUsage(selfBefore)
    const othersSeconds =
      (machineBusyTicks() - busyBefore) / CLOCK_TICKS -
      (await cpuSeconds(server.pid)) -
      (self.user + self.system) / 1e6
    const othersPercent = Math.max(0, (100 * othersSeconds) / ((performance.now() - busyFromMs) / 1000))
    const lost = await lostDeposits(customers, state)
    timings.push({ ...timing, othersPercent, writes: state.writes, lost })
    console.log(
      `round ${round}: ${state.writes} writes acknowledged before the kill; answered /healthz after ` +
        `${Math.round(timing.healthzMs)} ms, /api/v1/settings after ${Math.round(timing.settingsMs)} ms ` +
        `(server CPU ${timing.cpuSecondsToAnswer.toFixed(2)} s); ` +
        `other processes used ${Math.round(othersPercent)} % of a core meanwhile; ${lost} acknowledged deposits lost` +
        (state.refusals.length > 0 ? `; refusals: ${[...new Set(state.refusals)].join(', ')}` : ''),
    )
  }
  for (const customer of customers) customer.client.close()
  admin.close()
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

console.log('\nTime from spawn to answering after kill -9 (ms)')
console.table({
  'GET /healthz': stats(timings.map((timing) => timing.healthzMs)),
  'GET /api/v1/settings': stats(timings.map((timing) => timing.settingsMs)),
  'server CPU until both answered': stats(timings.map((timing) => timing.cpuSecondsToAnswer * 1000)),
})
const phaseNames = [...new Set(timings.flatMap((timing) => Object.keys(timing.phases?.phasesMs ?? {})))]
const phaseStats = (pick: (phases: StartupPhases) => Record<string, number>) =>
  Object.fromEntries(
    phaseNames.map((name) => [
      name,
      stats(timings.flatMap((timing) => (timing.phases ? [pick(timing.phases)[name] ?? 0] : []))),
    ]),
  )
console.log("Start-up phases, the server's own figures: wall time (ms)")
console.table(phaseStats((phases) => phases.phasesMs))
console.log('... and CPU time of the server process, all its threads (ms): less moved by a busy machine')
console.table(phaseStats((phases) => phases.phasesCpuMs))
const lostInAll = timings.reduce((sum, timing) => sum + timing.lost, 0)
console.log(
  `Acknowledged deposits lost across ${timings.length} kills: ${lostInAll}. CPU other processes used during ` +
    `each restart: ${timings.map((timing) => Math.round(timing.othersPercent)).join(', ')} % of one core ` +
    '(2 cores = 200 %).',
)
