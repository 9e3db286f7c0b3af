// The sign-up country lists' flags as SVG files (decision 0022: emoji flags drew as empty boxes on desktops without
// an emoji font). Only the listed countries' flags, from the country-flag-icons package, served at /flags/{CODE}.svg:
// each is 0.2-3.3 KB and loaded when its option is drawn, so the flags add nothing to any route's JavaScript.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { COUNTRIES, FLAG_PATH_PREFIX } from '../src/domain/registration/countries'

const flagsDir = join(
  dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')),
  '3x2',
)
const codes = new Set(COUNTRIES.map((country) => country.code))
const flagFile = (code: string) => readFileSync(join(flagsDir, `${code}.svg`))

export function countryFlags(): Plugin {
  return {
    name: 'country-flags',
    configureServer(server) {
      server.middlewares.use(FLAG_PATH_PREFIX, (request, response, next) => {
        const code = /^\/([A-Z]{2})\.svg$/.exec(request.url ?? '')?.[1]
        if (!code || !codes.has(code)) return next()
        response.setHeader('Content-Type', 'image/svg+xml')
        response.end(flagFile(code))
      })
    },
    generateBundle() {
      for (const code of codes) {
        this.emitFile({
          type: 'asset',
          fileName: `${FLAG_PATH_PREFIX.slice(1)}/${code}.svg`,
          source: flagFile(code),
        })
      }
    },
  }
}
