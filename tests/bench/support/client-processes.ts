// Starts raw-pusher-clients.ts processes and talks to them: a command to all, and each one's answer.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ClientCommand } from './raw-pusher-clients'

export interface ClientProcess {
  readonly child: ChildProcess
  ask<T>(command: ClientCommand, answer: string): Promise<T>
}

export function startClientProcess(): ClientProcess {
  const child = fork(fileURLToPath(new URL('./raw-pusher-clients.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  })
  return {
    child,
    ask: <T>(command: ClientCommand, answer: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (reply: { kind: string; message?: string }) => {
          if (reply.kind === 'error') {
            child.off('message', onMessage)
            reject(new Error(reply.message))
          }
          if (reply.kind !== answer) return
          child.off('message', onMessage)
          resolve(reply as T)
        }
        child.on('message', onMessage)
        child.send(command)
      }),
  }
}

/** Latencies merged per name from several processes' reports. */
export function mergeReports(reports: { latencies: Record<string, number[]> }[]): Map<string, number[]> {
  const merged = new Map<string, number[]>()
  for (const report of reports) {
    for (const [name, samples] of Object.entries(report.latencies)) {
      const all = merged.get(name) ?? []
      for (const sample of samples) all.push(sample)
      merged.set(name, all)
    }
  }
  return merged
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** user + system CPU seconds of a process so far (Linux /proc; 100 clock ticks a second). */
export async function cpuSeconds(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Resident memory of a process, in KB (Linux /proc). */
export async function rssKb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN)
}
