// The client's address for a raw Node request. A WebSocket upgrade never becomes a fastify request, but the sockets'
// per-address limits must count the same client that request.ip names for the HTTP calls. That is the socket's
// address, or, with trustProxy, the nearest X-Forwarded-For entry that no trusted proxy sent, which is fastify's
// rule (@fastify/proxy-addr) redone for the forms trustProxy takes here.
import type { IncomingMessage } from 'node:http'
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import type { FastifyServerOptions } from 'fastify'

/** What buildApp's `trustProxy` may be (fastify's option; server.ts turns a hop count into a function). */
export type TrustProxy = FastifyServerOptions['trustProxy']
type TrustFunction = (address: string, hop: number) => boolean

// proxy-addr's named ranges.
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** Plain IPv4 for an IPv4-mapped IPv6 address, so '::ffff:10.0.0.1' matches '10.0.0.0/8'. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address

function trustList(entries: readonly string[]): TrustFunction {
  const list = new BlockList()
  for (const entry of entries.flatMap((item) => NAMED_RANGES[item.trim()] ?? [item.trim()])) {
    const [address = '', bits] = entry.split('/')
    const type = isIPv6(address) ? 'ipv6' : 'ipv4'
    if (!isIPv4(address) && !isIPv6(address))
      throw new Error(`trustProxy: '${entry}' is not an address or range`)
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return (address) => {
    const plain = unmapped(address)
    if (isIPv4(plain)) return list.check(plain, 'ipv4')
    return isIPv6(plain) && list.check(plain, 'ipv6')
  }
}

/** trustProxy as fastify reads it: true trusts every hop, a function decides, text or a list names the proxies. */
export function compileTrust(trust: TrustProxy): TrustFunction | undefined {
  if (trust === undefined || trust === false) return undefined
  if (trust === true) return () => true
  if (typeof trust === 'function') return trust
  // fastify 5 fails closed on a bare number (it cannot check the nearest peer): so do we.
  if (typeof trust === 'number') return () => false
  return trustList(typeof trust === 'string' ? trust.split(',') : trust)
}

/** The client as request.ip would name it. */
export function clientAddressOf(request: IncomingMessage, trust: TrustFunction | undefined): string {
  const socketAddress = request.socket.remoteAddress ?? ''
  if (!trust) return socketAddress
  const header = request.headers['x-forwarded-for']
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse()
  const chain = [socketAddress, ...forwarded]
  for (let hop = 0; hop < chain.length - 1; hop += 1) {
    if (!trust(chain[hop] ?? '', hop)) return chain[hop] ?? ''
  }
  return chain[chain.length - 1] ?? ''
}

/** The host the page was loaded from, as request.host would name it (X-Forwarded-Host only from a trusted proxy). */
export function requestHostOf(request: IncomingMessage, trust: TrustFunction | undefined): string {
  const forwardedHost = request.headers['x-forwarded-host']
  if (typeof forwardedHost === 'string' && trust?.(request.socket.remoteAddress ?? '', 0)) {
    return forwardedHost.split(',').at(-1)?.trim() ?? ''
  }
  return request.headers.host ?? ''
}
