// The 401 rule (docs/product/sign-in-and-security.md#session-expiry) holds for the calls made outside the http client
// too: a chat upload or a file download that answers 401 ends the session (once per request), exactly as a JSON call
// does.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchFile, uploadChecked, uploadFile } from '../../../src/lib/files'
import { fail, guard } from '../../../src/domain/guard'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'

function setup(token: string | null, pathname = '/main/chat') {
  const onSessionExpired = vi.fn()
  configureHttp({
    getBaseUrl: () => 'https://broker.example/api/v1',
    getToken: () => token,
    getPathname: () => pathname,
    onSessionExpired,
    log: () => {},
  })
  return { onSessionExpired }
}

/** jsdom's XMLHttpRequest would go to the network: this one answers every request with `status`. */
function answerUploadsWith(status: number, body: unknown) {
  const sent: { headers: Record<string, string> }[] = []
  class FakeXMLHttpRequest extends EventTarget {
    upload = new EventTarget()
    timeout = 0
    status = 0
    statusText = ''
    responseText = ''
    private readonly headers: Record<string, string> = {}
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send() {
      sent.push({ headers: this.headers })
      queueMicrotask(() => {
        this.status = status
        this.statusText = status === 401 ? 'Unauthorized' : 'OK'
        this.responseText = JSON.stringify(body)
        this.dispatchEvent(new Event('load'))
      })
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest)
  return sent
}

afterEach(() => {
  resetHttpConfig()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('uploads and downloads under the 401 rule', () => {
  it('a download answered 401 ends the session and still rejects with the status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { onSessionExpired } = setup('tok')
    const fetchStub = vi.fn(
      async () => new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }),
    )
    vi.stubGlobal('fetch', fetchStub)
    await expect(fetchFile('/chat/files/abc')).rejects.toMatchObject({
      status: 401,
      message: 'Unauthenticated.',
    })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(fetchStub).toHaveBeenCalledWith(
      'https://broker.example/chat/files/abc',
      expect.objectContaining({ headers: { Authorization: 'Bearer tok' } }),
    )
  })

  it('an upload answered 401 ends the session; a 422 does not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { onSessionExpired } = setup('tok')
    const sent = answerUploadsWith(401, { message: 'Unauthenticated.' })
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' })
    await expect(uploadFile('/chat/upload', file)).rejects.toMatchObject({ status: 401 })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(sent[0]?.headers.Authorization).toBe('Bearer tok')

    answerUploadsWith(422, { message: 'The file type is not allowed.' })
    await expect(uploadFile('/chat/upload', file)).rejects.toMatchObject({ status: 422 })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('leaves the session alone on the exempt pages and for calls that carried no token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }))
    const onLogin = setup('tok', '/login')
    await expect(fetchFile('/chat/files/abc')).rejects.toMatchObject({ status: 401 })
    expect(onLogin.onSessionExpired).not.toHaveBeenCalled()
    const signedOut = setup(null)
    await expect(fetchFile('/chat/files/abc')).rejects.toMatchObject({ status: 401 })
    expect(signedOut.onSessionExpired).not.toHaveBeenCalled()
  })
})

describe('a checked upload', () => {
  // A guard that takes only { id: number }: the contract of the answer.
  const IdAnswer = guard((value) => {
    const id = (value as { id?: unknown } | null)?.id
    if (typeof id !== 'number') fail('not an id', ['id'])
    return { id }
  })

  it('resolves to the answer the contract reads, and refuses one it does not', async () => {
    setup('tok')
    const file = new File(['x'], 'a.png', { type: 'image/png' })
    answerUploadsWith(201, { id: 7 })
    await expect(uploadChecked('/user/avatar', file, IdAnswer)).resolves.toEqual({ id: 7 })

    answerUploadsWith(201, { id: 'seven' })
    await expect(uploadChecked('/user/avatar', file, IdAnswer)).rejects.toMatchObject({
      message: 'Invalid response from server',
      status: 201,
      url: '/user/avatar',
      method: 'POST',
    })
  })
})
