// What Linux's scheduler says about a Chromium's threads (tests/bench/README.md, `bench:lighthouse`'s
// LIGHTHOUSE_WAITS): /proc/<pid>/task/<tid>/schedstat holds, per thread, the ns it ran on a core and the ns it was
// runnable but waited for one (its run delay). A trace's task that lasts longer than its thread time either waited
// for a core (run delay) or was blocked (asleep: a lock, a synchronous message, another thread's answer); the two
// are told apart here, which the trace alone cannot do.
import { readdirSync, readFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'

export interface ThreadTimes {
  pid: number
  tid: number
  /** Chromium's process type (`renderer`, `gpu-process`, `utility`…; `browser` without one). */
  process: string
  /** The thread's name as Linux has it (15 characters at most: `CompositorTileW`, `VizCompositorTh`…). */
  thread: string
  cpuNs: number
  runDelayNs: number
}

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

/** A process's threads (none once it has exited). */
const threadIds = (pid: number): string[] => {
  try {
    return readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
}

/** Every process under `rootPid` (itself included), through each thread's `children` list. */
export function descendants(rootPid: number): number[] {
  const seen = new Set<number>()
  const walk = (pid: number) => {
    if (seen.has(pid)) return
    seen.add(pid)
    for (const tid of threadIds(pid)) {
      for (const child of read(`/proc/${pid}/task/${tid}/children`).trim().split(/\s+/)) {
        if (child) walk(Number(child))
      }
    }
  }
  walk(rootPid)
  return [...seen]
}

const processType = (pid: number) =>
  /--type=([\w-]+)/.exec(read(`/proc/${pid}/cmdline`).replace(/\0/g, ' '))?.[1] ?? 'browser'

/** A snapshot of every thread of the Chromium under `rootPid`: its CPU and run delay so far. */
export function chromiumThreads(rootPid: number): ThreadTimes[] {
  const threads: ThreadTimes[] = []
  for (const pid of descendants(rootPid)) {
    const type = processType(pid)
    for (const tid of threadIds(pid)) {
      const [cpu, delay] = read(`/proc/${pid}/task/${tid}/schedstat`).split(' ').map(Number)
      if (cpu === undefined || delay === undefined || Number.isNaN(cpu)) continue
      threads.push({
        pid,
        tid: Number(tid),
        process: type,
        thread: read(`/proc/${pid}/task/${tid}/comm`).trim(),
        cpuNs: cpu,
        runDelayNs: delay,
      })
    }
  }
  return threads
}

/** What each process type and thread name used between two snapshots, largest CPU first. */
export function threadUse(
  before: readonly ThreadTimes[],
  after: readonly ThreadTimes[],
): { key: string; cpuMs: number; runDelayMs: number; threads: number }[] {
  const start = new Map(before.map((thread) => [`${thread.pid}:${thread.tid}`, thread]))
  const sums = new Map<string, { cpuMs: number; runDelayMs: number; threads: number }>()
  for (const thread of after) {
    const first = start.get(`${thread.pid}:${thread.tid}`)
    // A thread's name, with digits folded (`CompositorTileW`, `ThreadPoolForeg`…), under its process type.
    const key = `${thread.process} ${thread.tid === thread.pid ? '(main)' : thread.thread.replace(/\d+$/, '')}`
    const sum = sums.get(key) ?? { cpuMs: 0, runDelayMs: 0, threads: 0 }
    sum.cpuMs += (thread.cpuNs - (first?.cpuNs ?? 0)) / 1e6
    sum.runDelayMs += (thread.runDelayNs - (first?.runDelayNs ?? 0)) / 1e6
    sum.threads += 1
    sums.set(key, sum)
  }
  return [...sums].map(([key, sum]) => ({ key, ...sum })).sort((a, b) => b.cpuMs - a.cpuMs)
}

/** One reading of a renderer main thread (tid = pid) at `atUs`, CLOCK_MONOTONIC µs, the trace's clock on Linux. */
export interface MainThreadSample {
  atUs: number
  pid: number
  cpuNs: number
  runDelayNs: number
}

// The sampler runs in a worker thread, so Lighthouse's own work on this process's main thread does not delay its
// readings. Every `interval` ms it reads each renderer's main thread (the process's first thread) and, every 100 ms,
// looks for new renderers.
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads')
const { readFileSync, readdirSync } = require('node:fs')
const read = (path) => { try { return readFileSync(path, 'utf8') } catch { return '' } }
const { rootPid, intervalMs, stop, alsoPids } = workerData
const flag = new Int32Array(stop)
const samples = []
let renderers = []
const scan = () => {
  const seen = new Set()
  const walk = (pid) => {
    if (seen.has(pid)) return
    seen.add(pid)
    let tids = []
    try { tids = readdirSync('/proc/' + pid + '/task') } catch { return }
    for (const tid of tids)
      for (const child of read('/proc/' + pid + '/task/' + tid + '/children').trim().split(/\\s+/))
        if (child) walk(Number(child))
  }
  walk(rootPid)
  renderers = [...seen].filter((pid) => read('/proc/' + pid + '/cmdline').includes('--type=renderer'))
}
let round = 0
while (Atomics.load(flag, 0) === 0) {
  if (round % Math.max(1, Math.round(100 / intervalMs)) === 0) scan()
  round += 1
  const atUs = Number(process.hrtime.bigint() / 1000n)
  for (const pid of [...renderers, ...alsoPids]) {
    const [cpu, delay] = read('/proc/' + pid + '/schedstat').split(' ').map(Number)
    if (!Number.isNaN(cpu) && delay !== undefined) samples.push({ atUs, pid, cpuNs: cpu, runDelayNs: delay })
  }
  Atomics.wait(flag, 0, 0, intervalMs)
}
parentPort.postMessage(samples)
`

/**
 * Starts reading the renderers' main threads every `intervalMs`, and the main threads of `alsoPids` (this process's,
 * to see what Lighthouse itself takes of the cores); `stop` returns the readings.
 */
export function sampleRendererMainThreads(
  rootPid: number,
  alsoPids: readonly number[] = [],
  intervalMs = 2,
): { stop: () => Promise<MainThreadSample[]> } {
  const stop = new SharedArrayBuffer(4)
  const worker = new Worker(SAMPLER, { eval: true, workerData: { rootPid, intervalMs, stop, alsoPids } })
  const samples = new Promise<MainThreadSample[]>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return {
    stop: async () => {
      Atomics.store(new Int32Array(stop), 0, 1)
      Atomics.notify(new Int32Array(stop), 0)
      const result = await samples
      await worker.terminate()
      return result
    },
  }
}

/**
 * A sampled main thread's run delay (or, with `field` 'cpuNs', its CPU time) between two instants (µs), interpolated
 * between the readings around them.
 */
export function runDelayMsBetween(
  samples: readonly MainThreadSample[],
  pid: number,
  fromUs: number,
  toUs: number,
  field: 'runDelayNs' | 'cpuNs' = 'runDelayNs',
): number | null {
  const own = samples.filter((sample) => sample.pid === pid)
  const at = (us: number): number | null => {
    const after = own.findIndex((sample) => sample.atUs >= us)
    if (after <= 0) return null
    const a = own[after - 1]!
    const b = own[after]!
    const share = b.atUs === a.atUs ? 0 : (us - a.atUs) / (b.atUs - a.atUs)
    return a[field] + share * (b[field] - a[field])
  }
  const from = at(fromUs)
  const to = at(toUs)
  return from === null || to === null ? null : (to - from) / 1e6
}
