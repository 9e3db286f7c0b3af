// The API speaks JSON only. Bodies in any other type are refused with 415 (fastify's text/plain parser is
// removed), and an empty JSON body counts as no body: many HTTP clients send `Content-Type: application/json`
// on bodiless POSTs such as logout, which fastify would otherwise refuse.
import type { FastifyInstance } from 'fastify'

export function registerJsonBodies(app: FastifyInstance): void {
  // Prototype-poisoning keys (__proto__, constructor.prototype) are rejected while parsing, as invalid JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text === '') {
      done(null, undefined)
      return
    }
    parseJson(request, text, done)
  })
}
