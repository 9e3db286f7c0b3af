// Third-party embed scripts (TradingView's calendar and news widgets): the one place that adds a foreign <script>
// to the page. Such a script reads its configuration from its own text and draws next to itself, so it goes into
// the container that should hold the widget. Offline it either fails at once (error event) or never answers; the
// time-out turns the second case into the first, so a panel never spins forever.

export const THIRD_PARTY_SCRIPT_TIMEOUT_MS = 10_000

export class ThirdPartyScriptError extends Error {
  readonly src: string
  readonly reason: 'error' | 'timeout'

  constructor(src: string, reason: 'error' | 'timeout', timeoutMs: number) {
    super(
      reason === 'timeout'
        ? `The script ${src} did not load within ${timeoutMs} ms`
        : `The script ${src} could not be loaded`,
    )
    this.name = 'ThirdPartyScriptError'
    this.src = src
    this.reason = reason
  }
}

export interface ThirdPartyScriptOptions {
  src: string
  /** Written into the script as JSON text, where embed widgets look for their settings. */
  config?: unknown
  timeoutMs?: number
  /** Aborting removes the script and rejects with the signal's reason (an unmount, a retry). */
  signal?: AbortSignal
}

/**
 * Appends `<script async src>` with the config as its text to `container`; resolves when it has loaded and run,
 * rejects with a ThirdPartyScriptError on its error event or after the time-out. A script that failed is removed,
 * so a retry starts clean.
 */
export function loadThirdPartyScript(
  container: HTMLElement,
  { src, config, timeoutMs = THIRD_PARTY_SCRIPT_TIMEOUT_MS, signal }: ThirdPartyScriptOptions,
): Promise<HTMLScriptElement> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const script = container.ownerDocument.createElement('script')
    script.type = 'text/javascript'
    script.async = true
    script.src = src
    if (config !== undefined) script.textContent = JSON.stringify(config)

    const settle = (outcome: () => void, keepScript: boolean) => {
      clearTimeout(timer)
      script.removeEventListener('load', onLoad)
      script.removeEventListener('error', onError)
      signal?.removeEventListener('abort', onAbort)
      if (!keepScript) script.remove()
      outcome()
    }
    const onLoad = () => settle(() => resolve(script), true)
    const onError = () => settle(() => reject(new ThirdPartyScriptError(src, 'error', timeoutMs)), false)
    const onAbort = () => settle(() => reject(signal?.reason), false)
    const timer = setTimeout(
      () => settle(() => reject(new ThirdPartyScriptError(src, 'timeout', timeoutMs)), false),
      timeoutMs,
    )

    script.addEventListener('load', onLoad)
    script.addEventListener('error', onError)
    signal?.addEventListener('abort', onAbort)
    container.appendChild(script)
  })
}
