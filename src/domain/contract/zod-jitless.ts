// How the contract's schemas parse in the browser, imported first by every browser entry point (the page and the
// realtime workers) before any module builds a schema. zod compiles object parsers with `new Function` unless
// told not to; the Content-Security-Policy forbids eval (server/lib/content-security-policy.ts), and zod's probe
// for it would report a violation on every load. The server does not import this and keeps the compiled parsers.
// zod/mini's config is zod's one global configuration, shared with classic zod, without bringing classic along.
import * as z from 'zod/mini'

z.config({ jitless: true })
