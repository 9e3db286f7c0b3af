// jsdom never fetches a script, so each test plays the browser's part: it fires the load or error event on the
// real <script> element the loader appended, or lets the clock run out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  loadThirdPartyScript,
  THIRD_PARTY_SCRIPT_TIMEOUT_MS,
  ThirdPartyScriptError,
} from '../../../src/lib/third-party-script'

const SRC = 'https://widgets.example/embed.js'
let container: HTMLDivElement

beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
})

afterEach(() => {
  container.remove()
  vi.useRealTimers()
})

const scriptIn = (element: Element) => element.querySelector('script')

describe('loadThirdPartyScript', () => {
  it('appends an async script carrying its config as JSON text, and resolves when it loads', async () => {
    const loading = loadThirdPartyScript(container, {
      src: SRC,
      config: { colorTheme: 'dark', height: '100%' },
    })
    const script = scriptIn(container)!
    expect(script.src).toBe(SRC)
    expect(script.async).toBe(true)
    expect(JSON.parse(script.textContent!)).toEqual({ colorTheme: 'dark', height: '100%' })

    script.dispatchEvent(new Event('load'))
    await expect(loading).resolves.toBe(script)
    expect(scriptIn(container)).toBe(script)
  })

  it('rejects and removes the script when it fails to load', async () => {
    const loading = loadThirdPartyScript(container, { src: SRC })
    scriptIn(container)!.dispatchEvent(new Event('error'))
    await expect(loading).rejects.toMatchObject({ name: 'ThirdPartyScriptError', reason: 'error', src: SRC })
    expect(scriptIn(container)).toBeNull()
  })

  it('gives up after 10 s when the script never answers', async () => {
    vi.useFakeTimers()
    expect(THIRD_PARTY_SCRIPT_TIMEOUT_MS).toBe(10_000)
    const loading = loadThirdPartyScript(container, { src: SRC })
    const outcome = loading.catch((error: unknown) => error)
    vi.advanceTimersByTime(THIRD_PARTY_SCRIPT_TIMEOUT_MS - 1)
    expect(scriptIn(container)).not.toBeNull()
    vi.advanceTimersByTime(1)
    const error = await outcome
    expect(error).toBeInstanceOf(ThirdPartyScriptError)
    expect(error).toMatchObject({ reason: 'timeout' })
    expect(scriptIn(container)).toBeNull()
  })

  it('stops on abort: the script goes and the promise rejects with the reason', async () => {
    const controller = new AbortController()
    const loading = loadThirdPartyScript(container, { src: SRC, signal: controller.signal })
    controller.abort(new Error('unmounted'))
    await expect(loading).rejects.toThrow('unmounted')
    expect(scriptIn(container)).toBeNull()

    await expect(loadThirdPartyScript(container, { src: SRC, signal: controller.signal })).rejects.toThrow(
      'unmounted',
    )
    expect(scriptIn(container)).toBeNull()
  })
})
