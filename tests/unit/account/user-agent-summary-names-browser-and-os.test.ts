// The sessions and sign-in lists show "browser and OS" from the user agent: the server computes it with
// summariseUserAgent (bowser) and the page shows its `device.label`.
import { describe, expect, it } from 'vitest'
import { summariseUserAgent } from '../../../src/domain/account/device-summary'

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
}

describe('summariseUserAgent', () => {
  it('names the browser with its major version and the OS with its release', () => {
    expect(summariseUserAgent(UA.chromeWindows)).toEqual({
      browser: 'Chrome 124',
      os: 'Windows 10',
      type: 'desktop',
      label: 'Chrome 124 on Windows 10',
    })
    expect(summariseUserAgent(UA.safariIphone)).toMatchObject({
      label: 'Safari 17 on iOS 17.4',
      type: 'mobile',
    })
    expect(summariseUserAgent(UA.chromeAndroid)).toMatchObject({
      label: 'Chrome 124 on Android 14',
      type: 'mobile',
    })
    expect(summariseUserAgent(UA.firefoxLinux).label).toBe('Firefox 125 on Linux')
    // The e2e suite's browser reads as the Chrome it is.
    expect(summariseUserAgent(UA.headlessChromium).label).toBe('Chrome 131 on Linux')
  })

  it('calls a missing, empty or unreadable user agent an unknown device', () => {
    for (const ua of [null, undefined, '', '   ', 'curl/8.4.0']) {
      expect(summariseUserAgent(ua)).toMatchObject({ label: 'Unknown device', type: 'unknown' })
    }
  })
})
