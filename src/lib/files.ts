// Files over the API: uploads with progress (docs/product/api.md#http-client: POST /chat/upload, "upload progress
// tracked") and downloads of protected files. Uploads use XMLHttpRequest, because fetch reports no upload progress.
// Files are served only with the bearer token (no cookies), so an <img src> or a plain link cannot fetch them:
// downloads come back as Blobs for object URLs. Same base address, token and 401 rule as the http client; errors are
// the same HttpError, so callers read `status` and the server's `message` the same way.
import { safeParse, type StandardSchemaV1 } from '../domain/guard'
import { ApiErrorSchema } from '../domain/contract/wire'
import { applySessionExpiryRule, getApiBaseUrl, getSessionToken, HttpError } from './http'

/** Far above the 15 s of a JSON call: 10 MB on a slow mobile link takes a while, and progress shows it moving. */
export const UPLOAD_TIMEOUT_MS = 120_000

export interface UploadOptions {
  /** Bytes sent so far and in all (the multipart body, slightly more than the file). */
  onProgress?: (loaded: number, total: number) => void
  signal?: AbortSignal
  /** The multipart field holding the file. */
  field?: string
  /** Text fields sent with the file, before it (a server reading the stream meets them first). */
  fields?: Readonly<Record<string, string>>
}

function parse(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * `uploadFile` with its answer checked against the contract, as `http`'s `schema` does: an answer that does not match
 * is an HttpError 'Invalid response from server' (the account's avatar, the verification's documents).
 */
export async function uploadChecked<T>(
  path: string,
  file: File,
  schema: StandardSchemaV1<unknown, T>,
  options: UploadOptions = {},
): Promise<T> {
  const body = await uploadFile(path, file, options)
  const parsed = safeParse(schema, body)
  if (parsed.success) return parsed.data
  throw new HttpError({
    message: 'Invalid response from server',
    status: 201,
    statusText: 'Invalid response',
    data: body,
    url: path,
    method: 'POST',
  })
}

/** POSTs `file` as multipart form data to `path` under the API base; resolves to the parsed JSON answer. */
export function uploadFile(path: string, file: File, options: UploadOptions = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let url: string
    try {
      url = `${getApiBaseUrl()}${path}`
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)))
      return
    }
    const method = 'POST'
    const xhr = new XMLHttpRequest()
    const fail = (status: number, statusText: string, data: unknown, fallback: string) => {
      const parsed = ApiErrorSchema.safeParse(data)
      const error = new HttpError({
        message: parsed.success && parsed.data.message ? parsed.data.message : fallback,
        status,
        statusText,
        data,
        url,
        method,
      })
      console.error('API error', { status, statusText, data, url, method })
      reject(error)
    }
    xhr.open(method, url)
    xhr.timeout = UPLOAD_TIMEOUT_MS
    xhr.setRequestHeader('Accept', 'application/json')
    const token = getSessionToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total)
    })
    xhr.addEventListener('load', () => {
      const data = parse(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data)
      fail(xhr.status, xhr.statusText, data, `Request failed with status code ${xhr.status}`)
      applySessionExpiryRule(xhr.status, token)
    })
    xhr.addEventListener('error', () => fail(0, 'Network Error', null, 'Network Error'))
    xhr.addEventListener('timeout', () =>
      fail(0, 'Timeout', null, `timeout of ${UPLOAD_TIMEOUT_MS}ms exceeded`),
    )
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')))
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'))
        return
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    const form = new FormData()
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value)
    form.append(options.field ?? 'file', file, file.name)
    xhr.send(form)
  })
}

/** The file at `url` (absolute, or a path under the API's origin) as a Blob, fetched with the bearer token. */
export async function fetchFile(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const method = 'GET'
  const absolute = new URL(url, getApiBaseUrl()).toString()
  const token = getSessionToken()
  let response: Response
  try {
    response = await fetch(absolute, {
      method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: options.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    console.error('API error', {
      status: 0,
      statusText: 'Network Error',
      data: null,
      url: absolute,
      method,
      cause,
    })
    throw new HttpError({
      message: 'Network Error',
      status: 0,
      statusText: 'Network Error',
      data: null,
      url: absolute,
      method,
    })
  }
  if (!response.ok) {
    const data = parse(await response.text().catch(() => ''))
    const parsed = ApiErrorSchema.safeParse(data)
    console.error('API error', {
      status: response.status,
      statusText: response.statusText,
      data,
      url: absolute,
      method,
    })
    applySessionExpiryRule(response.status, token)
    throw new HttpError({
      message:
        parsed.success && parsed.data.message
          ? parsed.data.message
          : `Request failed with status code ${response.status}`,
      status: response.status,
      statusText: response.statusText,
      data,
      url: absolute,
      method,
    })
  }
  return response.blob()
}

/**
 * Hands `blob` to the browser as a download named `fileName`: a temporary object URL behind a link that is clicked
 * and removed. The one place that does this (a statement's CSV, a chat file, the recovery codes' text file).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Chromium reads the URL when the click is handled; a moment later it is safe to let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
