// A local HTTP server standing in for the app's webhook endpoint: it keeps every request as the `pusher` SDK's
// webhook() reads one ({ headers, rawBody }), and answers 200, or a request naming a given text the next status of
// a script.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  rawBody: string
  /** The status this request was answered with. */
  status: number
}

export interface WebhookEventBody {
  name: string
  channel: string
  [field: string]: unknown
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** Every event of every request answered 200, in arrival order. */
  events(): WebhookEventBody[]
  /** The next requests whose body holds `text` are answered with these statuses, in order; then 200 again. */
  refuse(text: string, ...statuses: number[]): void
  close(): Promise<void>
}

export async function startWebhookReceiver(port: number): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const scripts = new Map<string, number[]>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8')
      const script = [...scripts].find(([text]) => rawBody.includes(text))?.[1]
      const status = script?.shift() ?? 200
      received.push({ headers: request.headers, rawBody, status })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pusher/webhooks`,
    received,
    events: () =>
      received
        .filter((request) => request.status === 200)
        .flatMap((request) => (JSON.parse(request.rawBody) as { events: WebhookEventBody[] }).events),
    refuse: (text, ...statuses) => scripts.set(text, statuses),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
