// @vitest-environment node
// A presence channel through the hub (decision 0036, presence-admin.online): one subscription for the browser, its
// members reach every tab of the channel whole, a tab that joins later gets them at once, and a tab that left or a
// lost connection hears no stale list.
import { describe, expect, it } from 'vitest'
import { CONNECTION_STATUS } from '../../../src/domain/contract/realtime'
import type { PresenceMembers } from '../../../workers/realtime/protocol'
import { createTestHub } from './hub-test-kit'

const ONLINE = 'presence-admin.online'
const ALICE = { id: '1', info: { name: 'Alice Admin', role: 'admin' } }
const BOB = { id: '2', info: { name: 'Bob Staff', role: 'admin' } }
const both: PresenceMembers = { members: [ALICE, BOB], me: '1' }

function joined() {
  const t = createTestHub()
  t.signIn()
  const a = t.addTab('a')
  const b = t.addTab('b')
  t.hub.subscribe('a', ONLINE)
  t.push.connected()
  t.push.subscribed(ONLINE)
  return { t, a, b }
}

describe('presence channels in the hub', () => {
  it('sends the whole member list to the channel’s tabs on confirmation and on every arrival and departure', () => {
    const { t, a, b } = joined()
    t.push.members(ONLINE, { members: [ALICE], me: '1' })
    t.push.members(ONLINE, both)
    t.push.members(ONLINE, { members: [ALICE], me: '1' })

    expect(a.of('members').map((message) => message.presence.members.map((m) => m.id))).toEqual([
      ['1'],
      ['1', '2'],
      ['1'],
    ])
    expect(a.of('members')[0]).toEqual({
      type: 'members',
      channel: ONLINE,
      presence: { members: [ALICE], me: '1' },
    })
    // Not subscribed: told nothing.
    expect(b.of('members')).toEqual([])
  })

  it('gives a tab that joins a confirmed channel its members at once, on the one subscription', () => {
    const { t, b } = joined()
    t.push.members(ONLINE, both)

    t.hub.subscribe('b', ONLINE)

    expect(t.pushes).toHaveLength(1)
    expect(b.of('members')).toEqual([{ type: 'members', channel: ONLINE, presence: both }])
  })

  it('keeps no list through a lost connection: a tab joining then waits for the new confirmation', () => {
    const { t, b } = joined()
    t.push.members(ONLINE, both)
    t.push.status(CONNECTION_STATUS.CONNECTING)

    t.hub.subscribe('b', ONLINE)
    expect(b.of('members')).toEqual([])

    t.push.connected()
    t.push.subscribed(ONLINE)
    t.push.members(ONLINE, { members: [BOB], me: '2' })
    expect(b.of('members').at(-1)?.presence).toEqual({ members: [BOB], me: '2' })
  })

  it('forgets the members once the last tab leaves, so a later subscriber waits for a fresh list', () => {
    const { t, a, b } = joined()
    t.push.members(ONLINE, both)
    t.hub.unsubscribe('a', ONLINE)
    expect(t.push.channels.has(ONLINE)).toBe(false)
    // A late answer for a channel nobody holds goes nowhere.
    t.push.members(ONLINE, both)
    a.clear()

    t.hub.subscribe('b', ONLINE)
    expect(b.of('members')).toEqual([])
    expect(a.of('members')).toEqual([])
  })
})
