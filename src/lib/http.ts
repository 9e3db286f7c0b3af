// The one HTTP client (docs/product/api.md#http-client): base address, 15 s time-out, bearer header, JSON, contract
// parsing, error logging and the once-per-request 401 rule. It knows nothing of React or of the session store:
// main.tsx plugs those in with configureHttp, so this module stays testable on its own.
import { ApiErrorGuard } from '../domain/contract/sign-in-guards'
import { API_PREFIX } from '../domain/contract/wire-rules'
import { safeParse, type StandardSchemaV1 } from '../domain/guard'
import { isSessionExpiryExempt } from '../domain/site/public-paths'

export const REQUEST_TIMEOUT_MS = 15_000
export const NO_BASE_URL_MESSAGE = 'No base URL configured'

export class HttpError extends Error {
  readonly status: number
  readonly statusText: string
  readonly data: unknown
  readonly url: string
  readonly method: string

  constructor(init: {
    message: string
    status: number
    statusText: string
    data: unknown
    url: string
    method: string
  }) {
    super(init.message)
    this.name = 'HttpError'
    this.status = init.status
    this.statusText = init.statusText
    this.data = init.data
    this.url = init.url
    this.method = init.method
  }

  /** Per-field messages from the server's 422 envelope, if any. */
  get fieldErrors(): Record<string, string[]> {
    const parsed = safeParse(ApiErrorGuard, this.data)
    return parsed.success ? (parsed.data.errors ?? {}) : {}
  }
}

/** Status 0: the request never got an HTTP answer (offline, refused, timed out). */
export const isNetworkError = (error: unknown) => error instanceof HttpError && error.status === 0

/**
 * What the sign-in pages, the account's forms and the verification page say when a call got no answer (status 0).
 * Here, beside `HttpError`, because the login route loads this file anyway; `error-message.ts` would bring the
 * contract schemas into its chunk (decision 0025's budget).
 */
export const CANNOT_REACH_SERVER_MESSAGE = 'Cannot reach the server. Check your connection and try again.'

export interface BaseUrlInput {
  /** window.location.origin; 'null' for opaque origins (file://, sandboxed frames). */
  origin: string | null | undefined
  hostname: string | null | undefined
  /** VITE_API_BASE_URL: an explicit API address always wins. */
  override?: string | undefined
  /**
   * VITE_DEMO_API_URL: the fixed demo backend (docs/product/api.md#http-client) for localhost, IP and preview hosts, when
   * the build sets one.
   */
  demoBackendUrl?: string | undefined
}

const PREVIEW_HOST = /(^|\.)(vercel\.app|netlify\.app|pages\.dev)$/i
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

export function isLocalOrPreviewHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || IPV4.test(hostname) || PREVIEW_HOST.test(hostname)
  )
}

/**
 * docs/product/api.md#http-client: the site's own origin plus /api/v1; on localhost, an IP or a preview host, the
 * demo backend if set.
 */
export function resolveApiBaseUrl(input: BaseUrlInput): string {
  const trimmed = (value: string | undefined) => value?.trim().replace(/\/+$/, '') || undefined
  const override = trimmed(input.override)
  if (override) return override
  const demo = trimmed(input.demoBackendUrl)
  if (demo && input.hostname && isLocalOrPreviewHost(input.hostname)) return `${demo}${API_PREFIX}`
  if (!input.origin || input.origin === 'null') throw new Error(NO_BASE_URL_MESSAGE)
  return `${input.origin}${API_PREFIX}`
}

interface HttpConfig {
  getBaseUrl: () => string
  getToken: () => string | null
  getPathname: () => string
  /** Clears the session and sends the user to / (docs/product/sign-in-and-security.md#session-expiry). */
  onSessionExpired: () => void
  log: (message: string, details: Record<string, unknown>) => void
  timeoutMs: number
  fetch: typeof fetch
}

const defaultConfig = (): HttpConfig => ({
  getBaseUrl: () =>
    resolveApiBaseUrl({
      origin: globalThis.location?.origin,
      hostname: globalThis.location?.hostname,
      override: import.meta.env.VITE_API_BASE_URL,
      demoBackendUrl: import.meta.env.VITE_DEMO_API_URL,
    }),
  getToken: () => null,
  getPathname: () => globalThis.location?.pathname ?? '/',
  onSessionExpired: () => {},
  log: (message, details) => console.error(message, details),
  timeoutMs: REQUEST_TIMEOUT_MS,
  fetch: (...args) => globalThis.fetch(...args),
})

let config: HttpConfig = defaultConfig()

/** The API base the http client uses (origin + /api/v1 unless configured), for the realtime hub. */
export const getApiBaseUrl = () => config.getBaseUrl()

/** The session's token, for requests made outside `http` (uploads and file downloads in files.ts). */
export const getSessionToken = () => config.getToken()

/**
 * docs/product/sign-in-and-security.md#session-expiry: once per request, a 401 off the exempt paths ends the session;
 * the caller still gets the error. Only a request that carried the session's token can say that session expired.
 * Every request to the API applies it, including those made outside `http`.
 */
export function applySessionExpiryRule(status: number, sentToken: string | null): void {
  if (status === 401 && sentToken && !isSessionExpiryExempt(config.getPathname())) config.onSessionExpired()
}

export function configureHttp(overrides: Partial<HttpConfig>): void {
  config = { ...config, ...overrides }
}

/** For tests: back to the defaults. */
export function resetHttpConfig(): void {
  config = defaultConfig()
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  /** Parse the answer with the contract; a mismatch is an error, not a silent `any`. */
  /** A zod schema (classic or mini) or a guard: any Standard Schema (decision 0031). */
  schema?: StandardSchemaV1<unknown, T>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Send no bearer header: the call carries its own credential (a one-time sign-in link). */
  anonymous?: boolean
}

function messageFrom(data: unknown, fallback: string): string {
  const parsed = safeParse(ApiErrorGuard, data)
  return parsed.success && parsed.data.message ? parsed.data.message : fallback
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET'
  let url = path
  try {
    url = /^https?:\/\//.test(path)
      ? path
      : `${config.getBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`
  } catch (error) {
    config.log('API error', { status: 0, statusText: NO_BASE_URL_MESSAGE, data: null, url: path, method })
    throw error
  }

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const token = options.anonymous ? null : config.getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'

  // A plain timer rather than AbortSignal.timeout, so the 15 s rule can be tested with fake timers.
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, config.timeoutMs)
  const onCallerAbort = () => controller.abort()
  options.signal?.addEventListener('abort', onCallerAbort, { once: true })

  let response: Response
  try {
    response = await config.fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    })
  } catch (cause) {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onCallerAbort)
    const error = new HttpError({
      message: timedOut ? `timeout of ${config.timeoutMs}ms exceeded` : 'Network Error',
      status: 0,
      statusText: timedOut ? 'Timeout' : 'Network Error',
      data: null,
      url,
      method,
    })
    config.log('API error', { status: 0, statusText: error.statusText, data: null, url, method, cause })
    throw error
  }

  let data: unknown
  try {
    data = await readBody(response)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onCallerAbort)
  }
  if (!response.ok) {
    const error = new HttpError({
      message: messageFrom(data, `Request failed with status code ${response.status}`),
      status: response.status,
      statusText: response.statusText,
      data,
      url,
      method,
    })
    config.log('API error', { status: response.status, statusText: response.statusText, data, url, method })
    applySessionExpiryRule(response.status, token)
    throw error
  }

  if (!options.schema) return data as T
  const parsed = safeParse(options.schema, data)
  if (!parsed.success) {
    const error = new HttpError({
      message: 'Invalid response from server',
      status: response.status,
      statusText: response.statusText,
      data,
      url,
      method,
    })
    config.log('API error', { status: response.status, statusText: 'Invalid response', data, url, method })
    throw error
  }
  return parsed.data
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
}
