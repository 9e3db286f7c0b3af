// loadCurrentUser({ fresh: true }) answers with what the server says after the call: a request already in flight
// may have been answered before the change that prompted the call (Check Status, then the admin's reactivation).
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '../../../src/domain/contract/user'
import { loadCurrentUser } from '../../../src/features/session/api/get-user'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { sessionStore } from '../../../src/lib/session-store'

function userWithStatus(status: User['status']): User {
  return {
    id: 7,
    first_name: 'Demo',
    last_name: 'Customer',
    name: 'Demo Customer',
    username: 'demo',
    email: 'demo@example.com',
    avatar: null,
    account_id: '1000007',
    role: 'customer',
    status,
    is_online: true,
    unread_count: 0,
    balance: 10_000,
    credit_balance: 0,
    notifications: [],
    accounts: [],
    account_type: null,
    autotrader: false,
    autotrader_request_status: null,
    eas: [],
  }
}

describe('a fresh user load', () => {
  /** The server's status at the moment each request reaches it; answers are released by the test. */
  let serverStatus: User['status']
  let pending: { status: User['status']; answer: () => void }[]
  let requestCount: number

  beforeEach(() => {
    serverStatus = 'deactivated'
    pending = []
    requestCount = 0
    configureHttp({
      getBaseUrl: () => 'http://localhost/api/v1',
      getToken: () => 'tok',
      fetch: (async () => {
        const status = serverStatus
        requestCount += 1
        await new Promise<void>((resolve) => pending.push({ status, answer: resolve }))
        return new Response(JSON.stringify({ data: userWithStatus(status) }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      }) as typeof fetch,
      log: () => {},
    })
    sessionStore.signIn(userWithStatus('deactivated'), 'tok')
  })
  afterEach(() => {
    sessionStore.clear()
    resetHttpConfig()
  })

  const answerAll = async () => {
    // Each answer may start the next request: release until nothing is waiting.
    for (let round = 0; round < 10; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0))
      const waiting = pending.splice(0)
      if (waiting.length === 0 && round > 0) return
      waiting.forEach((request) => request.answer())
    }
  }

  it('does not take the answer of a request that reached the server before the change', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // Check Status: the request reaches the server while the account is still deactivated.
    const checkStatus = loadCurrentUser(client, { fresh: true })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pending).toHaveLength(1)
    // The admin reactivates; the user.updated push asks again before the first answer is back.
    serverStatus = 'active'
    const onPush = loadCurrentUser(client, { fresh: true })
    await answerAll()
    expect((await checkStatus).status).toBe('deactivated')
    expect((await onPush).status).toBe('active')
    expect(client.getQueryData<User>(['user'])?.status).toBe('active')
    expect(sessionStore.getState().user?.status).toBe('active')
  })

  it('a load that is not fresh still shares the request in flight', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const first = loadCurrentUser(client)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const second = loadCurrentUser(client)
    await answerAll()
    await Promise.all([first, second])
    expect(requestCount).toBe(1)
  })
})
