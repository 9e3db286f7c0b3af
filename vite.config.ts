import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { countryFlags } from './scripts/vite-country-flags'
import { precompress } from './scripts/vite-precompress'
import { scriptsAfterFirstPaintPlugin } from './scripts/vite-scripts-after-first-paint'
import { isChunkGraphPass, sharedModuleGroups } from './scripts/vite-shared-chunk-groups'

const styledSystem = fileURLToPath(new URL('./styled-system', import.meta.url))
const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // A build runs twice: first in memory to learn the chunk graph, then for real with the shared groups below.
  const graphPass = isChunkGraphPass()
  const sharedGroups =
    command === 'build' && !graphPass
      ? await sharedModuleGroups(fileURLToPath(import.meta.url), root)
      : new Map<string, string>()
  return {
    resolve: { alias: { 'styled-system': styledSystem } },
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // A route's loader ships in its page's chunk (decision 0042): the route tree every page downloads keeps only
        // beforeLoad, validateSearch and loaderDeps, and a page's data calls load with the code that shows them.
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        },
      }),
      react(),
      // What the written build alone needs; the first pass only reads the chunk graph.
      ...(graphPass ? [] : [countryFlags(), scriptsAfterFirstPaintPlugin(), writtenBuildPlugins()]),
    ],
    server: {
      port: 5173,
      // The realtime hub connects to the page's own origin: in dev that is this server, so the sockets go through too.
      proxy: {
        '/api': 'http://localhost:8080',
        '/metrics': 'http://localhost:8080',
        '/app': { target: 'ws://localhost:8080', ws: true },
        '/socket.io': { target: 'ws://localhost:8080', ws: true },
      },
    },
    // The manifest is what tests/budget/login-route.ts reads to hold the login route's JavaScript to its budget.
    build: {
      target: 'es2022',
      sourcemap: false,
      manifest: true,
      rolldownOptions: {
        output: {
          // Every module index.html loads before the first render goes into its one entry file (decision 0029).
          // Rolldown otherwise cuts out each module a lazy route shares with the entry (React's jsx runtime, the
          // router's hooks, the contracts: 20 files for one page), and 20 small files compress 4 KB worse than one;
          // they load on every page anyway, so nothing is lost by joining them.
          // Panda's JSX factory and patterns (Box, Flex, Stack…, decision 0040) are one chunk rather than one per pattern:
          // each chunk a lazy page depends on is a file name in the entry's preload lists, so twenty pattern chunks
          // cost the login page (which uses none of them) about 0.5 KB, and a signed-in page the requests.
          // A chunk's file name is its hash alone: every page's entry lists the chunks it may preload by name, and
          // the lazy chunks name the chunks they import, so a readable name (`assets/realtime-client-CcpwsJ08.js`)
          // is bytes on every page for nobody (the source maps and the manifest say what a chunk holds). The login
          // route's JavaScript fell by 1.8 KB gzip (decision 0043); the entry keeps its name, index.html names it.
          chunkFileNames: 'assets/[hash].js',
          codeSplitting: {
            groups: [
              { name: 'index', tags: ['$initial'] },
              { name: 'styled-system', test: /styled-system[\\/](jsx|patterns)[\\/]/ },
              // Shared chunks that exactly the same pages load, one file rather than several: the dashboard loads 45
              // files instead of 76 (decision 0043, tenth pass; scripts/vite-shared-chunk-groups.ts). Empty in the
              // first pass. Only the modules named: rolldown would otherwise pull each one's imports into the group
              // too, the ones the login page shares with it among them. sharedChunkGroups leaves apart a set that a
              // chunk outside it would import again, so no chunk imports a group that imports it.
              { name: (id: string) => sharedGroups.get(id) ?? null, includeDependenciesRecursively: false },
            ],
          },
        },
      },
    },
  }
})

/** The service worker with its precache list, and the compressed copies of every file: the written build's last steps. */
function writtenBuildPlugins() {
  return [
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'CFD Trader',
        short_name: 'CFD Trader',
        description: 'Trade CFDs on forex, stocks, crypto, commodities, indices and metals.',
        theme_color: '#0b0f17',
        background_color: '#0b0f17',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,mp3}'],
        // Only the sign-up pages show flags, a few at a time: fetched when drawn, not installed with the app.
        globIgnores: ['flags/**'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ]
}
