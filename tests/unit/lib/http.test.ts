import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  configureHttp,
  http,
  HttpError,
  NO_BASE_URL_MESSAGE,
  REQUEST_TIMEOUT_MS,
  resetHttpConfig,
  resolveApiBaseUrl,
} from '../../../src/lib/http'

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } })

function setup(options: {
  token?: string | null
  pathname?: string
  respond?: (request: Request) => Response | Promise<Response>
}) {
  const calls: Request[] = []
  const log = vi.fn()
  const onSessionExpired = vi.fn()
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    calls.push(request)
    return options.respond ? options.respond(request) : json(200, { ok: true })
  })
  configureHttp({
    getBaseUrl: () => 'https://broker.example/api/v1',
    getToken: () => options.token ?? null,
    getPathname: () => options.pathname ?? '/main/dashboard',
    onSessionExpired,
    log,
    fetch: fetchStub as unknown as typeof fetch,
  })
  return { calls, log, onSessionExpired, fetchStub }
}

afterEach(() => {
  resetHttpConfig()
  vi.useRealTimers()
})

describe('base address (docs/product/api.md#http-client)', () => {
  it('is the site origin plus /api/v1', () => {
    expect(
      resolveApiBaseUrl({ origin: 'https://trade.broker.example', hostname: 'trade.broker.example' }),
    ).toBe('https://trade.broker.example/api/v1')
  })

  it('uses the demo backend on localhost, an IP or a preview host when one is configured', () => {
    const demoBackendUrl = 'https://demo-api.example/'
    for (const hostname of ['localhost', '192.168.1.20', 'my-branch.vercel.app']) {
      expect(resolveApiBaseUrl({ origin: `http://${hostname}`, hostname, demoBackendUrl })).toBe(
        'https://demo-api.example/api/v1',
      )
    }
    expect(
      resolveApiBaseUrl({
        origin: 'https://trade.broker.example',
        hostname: 'trade.broker.example',
        demoBackendUrl,
      }),
    ).toBe('https://trade.broker.example/api/v1')
  })

  it('keeps the own origin on localhost when no demo backend is configured (the reference server)', () => {
    expect(resolveApiBaseUrl({ origin: 'http://localhost:8080', hostname: 'localhost' })).toBe(
      'http://localhost:8080/api/v1',
    )
  })

  it('lets an explicit override win', () => {
    expect(
      resolveApiBaseUrl({
        origin: 'http://localhost:8080',
        hostname: 'localhost',
        override: 'https://x.example/api/v2/',
      }),
    ).toBe('https://x.example/api/v2')
  })

  it("says 'No base URL configured' when there is no origin", () => {
    expect(() => resolveApiBaseUrl({ origin: 'null', hostname: '' })).toThrow(NO_BASE_URL_MESSAGE)
    expect(() => resolveApiBaseUrl({ origin: undefined, hostname: undefined })).toThrow(NO_BASE_URL_MESSAGE)
  })

  it('a request without a base address fails with that message and logs it', async () => {
    const { log } = setup({})
    configureHttp({
      getBaseUrl: () => {
        throw new Error(NO_BASE_URL_MESSAGE)
      },
    })
    await expect(http.get('/settings')).rejects.toThrow(NO_BASE_URL_MESSAGE)
    expect(log).toHaveBeenCalledOnce()
  })
})

describe('requests', () => {
  it('sends the bearer header whenever a token exists, and only then', async () => {
    const signedIn = setup({ token: 'tok-123' })
    await http.get('/user')
    expect(signedIn.calls[0]?.headers.get('Authorization')).toBe('Bearer tok-123')
    expect(signedIn.calls[0]?.url).toBe('https://broker.example/api/v1/user')

    const signedOut = setup({ token: null })
    await http.get('/settings')
    expect(signedOut.calls[0]?.headers.has('Authorization')).toBe(false)
  })

  it('sends JSON bodies', async () => {
    const { calls } = setup({})
    await http.post('/auth/login', { email: 'a@b.co', password: 'x' })
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json')
    expect(await calls[0]?.json()).toEqual({ email: 'a@b.co', password: 'x' })
  })

  it('gives up after 15 s', async () => {
    vi.useFakeTimers()
    expect(REQUEST_TIMEOUT_MS).toBe(15_000)
    const { log } = setup({
      respond: (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    })
    const pending = http.get('/settings')
    const outcome = pending.then(
      () => 'resolved',
      (error: HttpError) => error,
    )
    await vi.advanceTimersByTimeAsync(14_999)
    expect(log).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('timeout of 15000ms exceeded')
    expect((error as HttpError).status).toBe(0)
  })

  it('parses answers with the contract and rejects a mismatch', async () => {
    setup({ respond: () => json(200, { data: { name: 'X' } }) })
    const schema = z.object({ data: z.object({ name: z.string() }) })
    await expect(http.get('/settings', { schema })).resolves.toEqual({ data: { name: 'X' } })

    setup({ respond: () => json(200, { data: { name: 42 } }) })
    await expect(http.get('/settings', { schema })).rejects.toThrow('Invalid response from server')
  })
})

describe('errors', () => {
  it('logs status, status text, data, url and method, and carries the server message', async () => {
    const { log } = setup({
      respond: () => json(422, { message: 'The given data was invalid.' }, 'Unprocessable Entity'),
    })
    const error = await http.post('/auth/login', {}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('The given data was invalid.')
    expect(log).toHaveBeenCalledWith('API error', {
      status: 422,
      statusText: 'Unprocessable Entity',
      data: { message: 'The given data was invalid.' },
      url: 'https://broker.example/api/v1/auth/login',
      method: 'POST',
    })
  })

  it('reports a network failure as status 0', async () => {
    const { log } = setup({
      respond: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await expect(http.get('/settings')).rejects.toMatchObject({ status: 0, message: 'Network Error' })
    expect(log).toHaveBeenCalledOnce()
  })
})

describe('the 401 rule (docs/product/sign-in-and-security.md#session-expiry)', () => {
  const unauthorized = () => json(401, { message: 'Unauthenticated.' }, 'Unauthorized')

  it.each(['/main/dashboard', '/mt4', '/signup', '/admin/chat'])(
    'on %s clears the session once per request and still passes the error on',
    async (pathname) => {
      const { onSessionExpired } = setup({ pathname, token: 'tok', respond: unauthorized })
      await expect(http.get('/user')).rejects.toMatchObject({ status: 401 })
      expect(onSessionExpired).toHaveBeenCalledTimes(1)
      await expect(http.get('/open/trades?page=1')).rejects.toMatchObject({ status: 401 })
      expect(onSessionExpired).toHaveBeenCalledTimes(2)
    },
  )

  it.each(['/', '/login', '/register', '/forgot-password', '/login/'])(
    'on %s leaves the session alone',
    async (pathname) => {
      const { onSessionExpired } = setup({ pathname, token: 'tok', respond: unauthorized })
      await expect(http.post('/auth/login', {})).rejects.toMatchObject({ status: 401 })
      expect(onSessionExpired).not.toHaveBeenCalled()
    },
  )

  it('does not fire for a request that carried no token: there was no session to expire', async () => {
    const { onSessionExpired } = setup({ pathname: '/auto-login', token: 'tok', respond: unauthorized })
    await expect(http.post('/auth/auto-login', { token: 'x' }, { anonymous: true })).rejects.toMatchObject({
      status: 401,
    })
    const signedOut = setup({ pathname: '/main/dashboard', token: null, respond: unauthorized })
    await expect(http.get('/user')).rejects.toMatchObject({ status: 401 })
    expect(onSessionExpired).not.toHaveBeenCalled()
    expect(signedOut.onSessionExpired).not.toHaveBeenCalled()
  })

  it('sends no bearer header on an anonymous call', async () => {
    const { calls } = setup({ token: 'tok' })
    await http.post('/auth/auto-login', { token: 'x' }, { anonymous: true })
    expect(calls[0]?.headers.has('Authorization')).toBe(false)
  })

  it('does not fire for other statuses', async () => {
    const { onSessionExpired } = setup({
      respond: () => json(403, { message: 'This action is unauthorized.' }),
    })
    await expect(http.get('/admin/users')).rejects.toMatchObject({ status: 403 })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
})

describe('defaults', () => {
  beforeEach(() => resetHttpConfig())
  it('uses the page origin when nothing is configured', async () => {
    const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, {}))
    configureHttp({ fetch: fetchStub as unknown as typeof fetch })
    await http.get('/settings')
    expect(fetchStub.mock.calls[0]?.[0]).toBe(`${window.location.origin}/api/v1/settings`)
  })
})
