// @vitest-environment node
// The connection test (decision 0020) asks the hub for a round trip to the push service: measured only over a
// connected socket, and null rather than a hang when there is none or no pong.
import { describe, expect, it } from 'vitest'
import { createTestHub } from './hub-test-kit'

describe('hub.ping', () => {
  it('answers null without a connection, and the round trip once Pusher is connected', async () => {
    const t = createTestHub()
    expect(await t.hub.ping()).toBeNull()

    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', 'private-user.1')
    // Subscribed, but the socket is still connecting.
    expect(await t.hub.ping()).toBeNull()
    t.hub.signOut()

    let now = 1_000
    const clocked = createTestHub({
      clock: {
        now: () => now,
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        setInterval: (callback, ms) => setInterval(callback, ms),
        clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
      },
    })
    clocked.signIn()
    clocked.addTab('a')
    clocked.hub.subscribe('a', 'private-user.1')
    clocked.push.connected()
    clocked.push.ping = () => {
      now += 42
      return Promise.resolve()
    }
    expect(await clocked.hub.ping()).toBe(42)
    clocked.hub.signOut()
  })

  it('answers null when the pong never comes', async () => {
    const t = createTestHub()
    t.signIn()
    t.addTab('a')
    t.hub.subscribe('a', 'private-user.1')
    t.push.connected()
    t.push.ping = () => Promise.reject(new Error('No pong'))
    expect(await t.hub.ping()).toBeNull()
    t.hub.signOut()
  })
})
