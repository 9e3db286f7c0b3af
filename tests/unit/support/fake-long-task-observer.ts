// The browser's long-task observer, driven by the test (src/lib/main-thread-quiet.ts listens to it): `longTask`
// reports a task that ran from `startTime` for `duration`, delivered at once or held back as the browser may hold it
// (then only takeRecords hands it over). Install it with `vi.stubGlobal('PerformanceObserver', FakeLongTaskObserver)`.
export class FakeLongTaskObserver {
  static supportedEntryTypes = ['longtask']
  static current: FakeLongTaskObserver | null = null
  pending: PerformanceEntry[] = []
  disconnected = false
  constructor(private readonly callback: (list: { getEntries: () => PerformanceEntry[] }) => void) {
    FakeLongTaskObserver.current = this
  }
  observe() {}
  disconnect() {
    this.disconnected = true
  }
  takeRecords() {
    const taken = this.pending
    this.pending = []
    return taken
  }
  longTask(startTime: number, duration: number, { delivered }: { delivered: boolean }) {
    const entry = { startTime, duration, entryType: 'longtask' } as PerformanceEntry
    if (delivered) this.callback({ getEntries: () => [entry] })
    else this.pending.push(entry)
  }
}
