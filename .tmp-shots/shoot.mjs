import { chromium } from '@playwright/test'
const BASE = process.env.BASE ?? 'http://localhost:8931'
const args = ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync']
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args })
async function login(email, password) {
  const r = await fetch(`${BASE}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  return (await r.json()).data.token
}
async function patch(p) {
  const token = await login('admin@example.com', 'Admin1234!')
  const r = await fetch(`${BASE}/api/v1/admin/settings`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(p) })
  if (!r.ok) throw new Error(await r.text())
}
const only = process.argv[2]
for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['mobile', { width: 390, height: 844 }]]) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  page.on('console', (m) => { if (m.type() === 'error') console.log(name, 'console:', m.text()) })
  await patch({ r_page: 'basic' })
  await page.goto(`${BASE}/signup`)
  await page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' }).waitFor()
  await page.screenshot({ path: `/tmp/reg-shots/${name}-basic.png`, fullPage: true })
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/reg-shots/${name}-basic-errors.png`, fullPage: true })
  await patch({ r_page: 'ic', header_text: 'Limited offer: zero commission on your first month.', footer_text: 'Acme Markets Ltd is authorised and regulated.' })
  await page.goto(`${BASE}/signup`)
  await page.getByRole('heading', { name: 'Live Trading Account Application' }).waitFor()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/reg-shots/${name}-ic.png`, fullPage: true })
  await page.getByLabel('Email address').fill(`shot-${name}-${Date.now()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('Secret123!')
  await page.getByRole('button', { name: 'Create Your Account' }).click()
  await page.getByRole('heading', { name: 'Country of residence' }).waitFor()
  await page.waitForTimeout(500)
  await page.screenshot({ path: `/tmp/reg-shots/${name}-country.png`, fullPage: true })
  await page.getByRole('combobox', { name: 'Nationality' }).click()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/reg-shots/${name}-country-open.png` })
  await page.keyboard.press('Escape')
  await page.getByText('I agree to the Privacy Policy and I am over 18.').click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' }).waitFor()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/reg-shots/${name}-register.png`, fullPage: true })
  await context.close()
}
await patch({ r_page: 'basic', header_text: null, footer_text: null })
await browser.close()
