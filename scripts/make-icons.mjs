// Renders the PWA icons from the logo with Debian's Chromium. Run once when the logo changes:
//   node scripts/make-icons.mjs
// The PNGs are committed; nothing at install or build time depends on this script.
import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'

const logo = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8')
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
})
const page = await browser.newPage()

async function render(size, file, paddingRatio) {
  await page.setViewportSize({ width: size, height: size })
  // Maskable icons keep their subject inside the central 80 % safe zone, on a full-bleed background.
  const inner = Math.round(size * (1 - paddingRatio * 2))
  await page.setContent(
    `<html><body style="margin:0;background:#0b0f17;display:grid;place-items:center;width:${size}px;height:${size}px">
      <div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
    </body></html>`,
  )
  await page.screenshot({
    path: new URL(`../public/icons/${file}`, import.meta.url).pathname,
    omitBackground: false,
  })
}

await render(192, 'icon-192.png', 0)
await render(512, 'icon-512.png', 0)
await render(512, 'icon-maskable-512.png', 0.12)
await browser.close()
