// WebSocket text frames built once for many sockets (decision 0026): an event for 10,000 subscribers is serialised
// and framed once, and the same bytes are written to every socket. A server's frames are never masked (RFC 6455 5.1),
// so a frame is the same for every peer: a two-to-ten byte header, then the UTF-8 payload.
import type { Socket } from 'node:net'
import type { WebSocket } from 'ws'

const FIN_TEXT = 0x81

/** One unmasked, final text frame holding `text`. */
export function textFrame(text: string): Buffer {
  const payloadBytes = Buffer.byteLength(text)
  const headerBytes = payloadBytes < 126 ? 2 : payloadBytes < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerBytes + payloadBytes)
  frame[0] = FIN_TEXT
  if (headerBytes === 2) {
    frame[1] = payloadBytes
  } else if (headerBytes === 4) {
    frame[1] = 126
    frame.writeUInt16BE(payloadBytes, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(payloadBytes), 2)
  }
  frame.write(text, headerBytes, 'utf8')
  return frame
}

/**
 * The TCP socket under a `ws` WebSocket. Writing a whole frame to it directly is safe because the broker's
 * WebSockets never compress (perMessageDeflate: false): `ws` then writes every frame of its own synchronously, with
 * nothing queued, so frames written either way keep their order; and `ws.bufferedAmount` still counts ours.
 */
export function rawSocketOf(ws: WebSocket): Socket | undefined {
  return (ws as unknown as { _socket?: Socket })._socket
}
