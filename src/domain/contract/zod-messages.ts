// zod's English messages for the contracts that moved from classic zod to zod/mini for the signed-in start (decision
// 0043). Classic zod sets them when its first schema is built; zod/mini never does, and says "Invalid input" for
// every issue that carries no message of its own (decision 0027). Each of those contracts imports this module, so
// its schemas give the messages they gave in classic zod, whatever else the page has loaded. The sign-in path's
// contracts (./wire, ./site, ./user) do not: the login page's entry stays without the locale. package.json lists
// this file under `sideEffects`, as ./zod-jitless.ts: without that, the bundler would drop an import that names
// nothing.
import { en } from 'zod/locales'
import { config } from 'zod/mini'

config(en())

export {}
