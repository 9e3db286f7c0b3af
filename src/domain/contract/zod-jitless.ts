// How the contract's schemas parse in the browser, imported first by every browser entry point (the page and the
// realtime workers). zod compiles object parsers with `new Function` unless told not to; the Content-Security-Policy
// forbids eval (server/lib/content-security-policy.ts), and zod's probe for it would report a violation on every
// load. The server does not import this and keeps the compiled parsers.
//
// zod keeps its one configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js), adopting an object
// already there and shared by every copy of zod. Setting the flag on that object, rather than calling `z.config`,
// keeps zod out of the page's entry (decision 0031: it loads with the first page that needs it), and works whether
// zod loads before or after this module. package.json lists this file under `sideEffects`: without that, the
// bundler dropped the import and the flag was never set (found with decision 0031).

// A module (the export below), so its names stay its own.
interface ZodGlobalConfig {
  jitless?: boolean
}

const holder = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig }
holder.__zod_globalConfig ??= {}
holder.__zod_globalConfig.jitless = true

export {}
