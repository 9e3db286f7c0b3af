// The API as the restart and soak benches use it: an HTTP client bound to a loopback address of its own (each
// customer comes from its own 127.x address, so the server's per-address limits and socket caps apply to each as
// to a person, at their production defaults), customers registered and approved through the API as an admin
// would, and the calls a customer makes most: a card deposit, a position opened and closed, a chat message, and
// the pages that read positions and transactions.
import { randomUUID } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { DEMO_USERS } from '../../../server/db/seed-data/catalog'
import { IDEMPOTENCY_KEY_HEADER, type Asset } from '../../../src/domain/contract'
import { order } from '../../integration/support/trading'

export interface ApiAnswer {
  status: number
  body: unknown
  ms: number
}

/** The nth client address on the loopback range: 127.1.0.1, 127.1.0.2, ... (never the server's 127.0.0.1). */
export function loopbackAddress(index: number): string {
  return `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`
}

export class ApiClient {
  private readonly agent: Agent
  private readonly host: string
  private readonly port: number

  constructor(
    baseUrl: string,
    readonly localAddress: string,
    public token?: string,
  ) {
    const url = new URL(baseUrl)
    this.host = url.hostname
    this.port = Number(url.port)
    this.agent = new Agent({ keepAlive: true, maxSockets: 4, localAddress })
  }

  /** One call under /api/v1 (or `path` as given when it starts with '//'); never throws for an HTTP status. */
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const startedMs = performance.now()
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: this.host,
          port: this.port,
          agent: this.agent,
          method,
          path: path.startsWith('//') ? path.slice(1) : `/api/v1${path}`,
          headers: {
            accept: 'application/json',
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
          timeout: 30_000,
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let parsed: unknown = text
            if ((response.headers['content-type'] ?? '').includes('json')) {
              try {
                parsed = JSON.parse(text)
              } catch {
                parsed = text
              }
            }
            resolve({ status: response.statusCode ?? 0, body: parsed, ms: performance.now() - startedMs })
          })
          response.on('error', reject)
        },
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer in 30 s`)))
      outgoing.on('error', reject)
      if (payload !== undefined) outgoing.write(payload)
      outgoing.end()
    })
  }

  close(): void {
    this.agent.destroy()
  }
}

/** The answer's body, or an error naming the call when its status is not the expected one. */
export function expectStatus<T>(answer: ApiAnswer, expected: number | number[], what: string): T {
  const wanted = Array.isArray(expected) ? expected : [expected]
  if (!wanted.includes(answer.status))
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body as T
}

const DEMO_ADMIN = DEMO_USERS.find((user) => user.role === 'admin')!

export async function signIn(client: ApiClient, email: string, password: string): Promise<string> {
  const body = expectStatus<{ data: { token: string } }>(
    await client.call('POST', '/auth/login', { email, password }),
    200,
    `sign-in of ${email}`,
  )
  client.token = body.data.token
  return client.token
}

/** The demo admin, signed in from 127.0.0.1's neighbour 127.0.0.2. */
export async function adminClient(baseUrl: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl, '127.0.0.2')
  await signIn(client, DEMO_ADMIN.email, DEMO_ADMIN.password)
  return client
}

export interface BenchCustomer {
  id: number
  email: string
  password: string
  client: ApiClient
}

/**
 * `count` customers, each registered from its own loopback address, approved by the admin in the request queue
 * and signed in. `tag` keeps e-mails unique across runs on one database.
 */
export async function createCustomers(
  baseUrl: string,
  admin: ApiClient,
  count: number,
  tag: string,
  firstAddressIndex = 0,
): Promise<BenchCustomer[]> {
  const customers: BenchCustomer[] = []
  // A few at a time: sign-up hashes a password (argon2id), which is meant to be slow.
  const BATCH = 8
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => start + offset)
    customers.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const client = new ApiClient(baseUrl, loopbackAddress(firstAddressIndex + index))
          const email = `${tag}-${index}@example.com`
          const password = 'Bench-Secret-123!'
          const registered = expectStatus<{ data: { user: { id: number } } }>(
            await client.call('POST', '/auth/register', {
              first_name: 'Bench',
              last_name: `Trader${index}`,
              username: `${tag}${index}`.replace(/[^a-z0-9]/gi, '').slice(0, 30),
              email,
              password,
              confirm_password: password,
              phone: `555${String(1_000_000 + index).slice(-7)}`,
              country_code: '+1',
              country: 'united-states',
              nationality: 'united-states',
            }),
            201,
            `registration of ${email}`,
          )
          const id = registered.data.user.id
          expectStatus(
            await admin.call('POST', `/admin/requests/account/${id}/decision`, { decision: 'approve' }),
            200,
            `approval of ${email}`,
          )
          await signIn(client, email, password)
          return { id, email, password, client }
        }),
      )),
    )
  }
  return customers
}

const idempotent = () => ({ [IDEMPOTENCY_KEY_HEADER]: `bench-${randomUUID()}` })

/** A card deposit with the sandbox's always-approved card (credited at once). */
export function depositByCard(client: ApiClient, amountUsd: number): Promise<ApiAnswer> {
  return client.call(
    'POST',
    '/funds/deposits/card',
    {
      card_number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      name: 'Bench Trader',
      amount: amountUsd,
    },
    idempotent(),
  )
}

/** A market order as the workspace sends it (the price fields are the client's belief; the server prices it). */
export function openPosition(client: ApiClient, asset: Asset, side: 'buy' | 'sell', lots = 0.01) {
  return client.call('POST', '/trades/store', order(asset, side, lots), idempotent())
}

export const closePosition = (client: ApiClient, tradeId: number) =>
  client.call('POST', `/trade/${tradeId}/close`, {})

export const sendChatMessage = (client: ApiClient, text: string) =>
  client.call('POST', '/chat/messages', { message: text, client_message_id: randomUUID() })

/** The assets list, and one that trades whatever the day (crypto is open at weekends). */
export async function cryptoAsset(client: ApiClient, symbol = 'BTCUSD'): Promise<Asset> {
  const assets = expectStatus<{ data: Asset[] }>(await client.call('GET', '/assets'), 200, 'assets')
  const asset = assets.data.find((candidate) => candidate.symbol === symbol)
  if (!asset) throw new Error(`no asset ${symbol}`)
  return asset
}
