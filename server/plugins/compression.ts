// The API's answers go out compressed (brotli or gzip, by Accept-Encoding) from 1 KB up. The asset list is 49 KB of
// JSON and every signed-in page reads it: on a phone network that is a quarter of a second before the market watch
// can show, where brotli sends 9 KB. Static files are not this plugin's: the build writes their compressed copies
// (decision 0028). Registered inside the API's own scope (routes/index.ts), so it sees API answers only.
//
// Why compressing is safe here (BREACH): the attack needs a response that holds both a secret and text the attacker
// chose, requested by the victim's browser with the victim's credentials. This API's credential is a bearer token the
// page's own script adds; a request another site makes carries none, so it cannot read anyone's secret.
import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Below this an answer goes as it is: the headers and the compressor's framing would eat the saving. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024

export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    // Quality 4: within a few per cent of the best size for JSON, at a fraction of the CPU of the default 11, which
    // suits files compressed once at build, not answers compressed per request.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
    // Requests stay as they are: no client of this API compresses its bodies, and a compressed body is one more
    // way to make the server inflate more than the body limit shows.
    globalDecompression: false,
  })
}
