// The machine the benches share with whatever else runs: its busy time, and a wait for it to be quiet.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** Busy clock ticks of the whole machine (all cores, steal included: time this VM wanted and did not get). */
export function machineBusyTicks(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0)
}

/**
 * Waits up to `maxWaitMs` for the machine to be quiet: under `quietPercent` of one core busy over a second (the
 * bench's own idle server included). Another job's build or test run otherwise skews what a bench measures.
 */
export async function waitForQuiet(
  maxWaitMs: number,
  quietPercent = 25,
): Promise<{ waitedMs: number; quiet: boolean }> {
  const startedMs = Date.now()
  for (;;) {
    const before = machineBusyTicks()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const percent = (100 * (machineBusyTicks() - before)) / CLOCK_TICKS
    const waitedMs = Date.now() - startedMs
    if (percent < quietPercent) return { waitedMs, quiet: true }
    if (waitedMs >= maxWaitMs) return { waitedMs, quiet: false }
  }
}
