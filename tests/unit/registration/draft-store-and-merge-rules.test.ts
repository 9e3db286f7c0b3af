import 'fake-indexeddb/auto'
// The registration draft in IndexedDB (docs/product/data-model.md#registration-draft, key registration_data) and how
// the full form uses it (docs/product/registration.md#flow: values known from the draft override form values on
// submit).
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RegistrationPayloadSchema } from '../../../src/domain/contract/auth'
import {
  createDraft,
  DRAFT_MAX_AGE_MS,
  isDraftExpired,
  type RegistrationDraft,
} from '../../../src/domain/registration/draft'
import {
  buildRegistrationPayload,
  hasKnownFields,
  knownFields,
  REGISTER_FORM_DEFAULTS,
  visibleRegisterFields,
  type RegisterFormValues,
} from '../../../src/domain/registration/register-form'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import {
  clearUserData,
  closeDatabase,
  DB_NAME,
  deleteRegistrationDraft,
  readRegistrationDraft,
  saveRegistrationDraft,
} from '../../../src/lib/db'

const NOW = new Date('2025-06-01T12:00:00.000Z')
const later = (ms: number) => new Date(NOW.getTime() + ms)

const startDraft = (): RegistrationDraft =>
  createDraft({ email: 'ada@example.com', password: 'Secret123!', country: 'united-kingdom' }, NOW)

async function deleteDatabase() {
  closeDatabase()
  await Dexie.delete(DB_NAME)
}

beforeEach(deleteDatabase)
afterEach(deleteDatabase)

describe('the draft store', () => {
  it('saves, reads and deletes the draft', async () => {
    expect(await readRegistrationDraft(NOW)).toBeNull()
    await saveRegistrationDraft(startDraft())
    expect(await readRegistrationDraft(NOW)).toEqual({
      email: 'ada@example.com',
      password: 'Secret123!',
      country: 'united-kingdom',
      timestamp: '2025-06-01T12:00:00.000Z',
    })
    await deleteRegistrationDraft()
    expect(await readRegistrationDraft(NOW)).toBeNull()
  })

  it("keeps it in the 'cfd-trader' database, table drafts, under 'registration_data'", async () => {
    await saveRegistrationDraft(startDraft())
    closeDatabase()
    const raw = new Dexie(DB_NAME)
    await raw.open()
    const row = await raw.table('drafts').get(STORAGE_KEYS.REGISTRATION_DRAFT)
    raw.close()
    expect(STORAGE_KEYS.REGISTRATION_DRAFT).toBe('registration_data')
    expect(row).toEqual({ key: 'registration_data', value: startDraft() })
  })

  it('a later save (the setup step) replaces the draft with the added fields', async () => {
    await saveRegistrationDraft(startDraft())
    await saveRegistrationDraft({
      ...startDraft(),
      countryOfResidence: 'canada',
      nationality: 'nigeria',
      agreePrivacy: true,
    })
    expect(await readRegistrationDraft(NOW)).toMatchObject({
      countryOfResidence: 'canada',
      nationality: 'nigeria',
      agreePrivacy: true,
    })
  })

  it('counts a draft as missing after 24 h and removes it (it holds a password)', async () => {
    await saveRegistrationDraft(startDraft())
    expect(await readRegistrationDraft(later(DRAFT_MAX_AGE_MS))).not.toBeNull()
    expect(await readRegistrationDraft(later(DRAFT_MAX_AGE_MS + 1))).toBeNull()
    // Gone for good, not just hidden: even "now" no longer finds it.
    expect(await readRegistrationDraft(NOW)).toBeNull()
  })

  it('treats a damaged row as missing', async () => {
    const raw = new Dexie(DB_NAME)
    raw.version(1).stores({
      drafts: 'key',
      watchlist: 'assetId, addedAt',
      chatMessages: 'id, conversationId, [conversationId+createdAt]',
    })
    await raw.table('drafts').put({ key: 'registration_data', value: { email: 'a@example.com' } })
    raw.close()
    expect(await readRegistrationDraft(NOW)).toBeNull()
  })

  it('clearUserData empties the draft, the watchlist and the chat history', async () => {
    await saveRegistrationDraft(startDraft())
    closeDatabase()
    const raw = new Dexie(DB_NAME)
    await raw.open()
    await raw.table('watchlist').put({ assetId: 1, symbol: 'BTC/USD', addedAt: NOW.toISOString() })
    await raw
      .table('chatHistory')
      .put({ conversationId: '42:42', id: 7, createdAt: NOW.toISOString(), message: {} })
    raw.close()

    await clearUserData()

    expect(await readRegistrationDraft(NOW)).toBeNull()
    closeDatabase()
    const check = new Dexie(DB_NAME)
    await check.open()
    expect(await check.table('watchlist').count()).toBe(0)
    expect(await check.table('chatHistory').count()).toBe(0)
    check.close()
  })
})

describe('draft expiry', () => {
  it('is exactly 24 hours', () => {
    const draft = startDraft()
    expect(DRAFT_MAX_AGE_MS).toBe(86_400_000)
    expect(isDraftExpired(draft, later(DRAFT_MAX_AGE_MS))).toBe(false)
    expect(isDraftExpired(draft, later(DRAFT_MAX_AGE_MS + 1))).toBe(true)
  })

  it('an unreadable timestamp counts as expired', () => {
    expect(isDraftExpired({ timestamp: 'not a date' }, NOW)).toBe(true)
  })
})

describe('merging the draft over the form', () => {
  const form: RegisterFormValues = {
    ...REGISTER_FORM_DEFAULTS,
    first_name: ' Ada ',
    last_name: 'Lovelace',
    username: 'ada',
    email: 'typed@example.com',
    phone: '5551234',
    country: 'australia',
    password: 'Typed1234',
    confirm_password: 'Typed1234',
  }

  it('knows nothing without a draft: all fields show and nationality is the chosen country', () => {
    expect(hasKnownFields(knownFields(null))).toBe(false)
    expect(visibleRegisterFields(knownFields(null))).toEqual([
      'first_name',
      'last_name',
      'username',
      'email',
      'country_code',
      'phone',
      'country',
      'password',
      'confirm_password',
    ])
    const payload = buildRegistrationPayload(form, null)
    expect(payload).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'typed@example.com',
      phone: '5551234',
      country_code: '+1',
      country: 'australia',
      nationality: 'australia',
      password: 'Typed1234',
      confirm_password: 'Typed1234',
    })
    expect(RegistrationPayloadSchema.safeParse(payload).success).toBe(true)
  })

  it('hides email, country and password when the start page stored them', () => {
    const known = knownFields(startDraft())
    expect(known).toEqual({ email: true, country: true, password: true })
    expect(visibleRegisterFields(known)).toEqual([
      'first_name',
      'last_name',
      'username',
      'country_code',
      'phone',
    ])
  })

  it('lets draft values override form values', () => {
    const payload = buildRegistrationPayload(form, startDraft())
    expect(payload).toMatchObject({
      email: 'ada@example.com',
      password: 'Secret123!',
      confirm_password: 'Secret123!',
      country: 'united-kingdom',
      nationality: 'united-kingdom',
      first_name: 'Ada',
      phone: '5551234',
    })
  })

  it('takes country from the setup step residence and nationality from the setup step', () => {
    const draft = {
      ...startDraft(),
      countryOfResidence: 'canada',
      nationality: 'nigeria',
      agreePrivacy: true,
    }
    expect(buildRegistrationPayload(form, draft)).toMatchObject({ country: 'canada', nationality: 'nigeria' })
  })

  it("keeps the spec's 'united_states' when the visitor skipped the setup step after an unknown code", () => {
    const draft = { ...startDraft(), country: 'united_states' }
    expect(buildRegistrationPayload(form, draft)).toMatchObject({
      country: 'united_states',
      nationality: 'united_states',
    })
  })
})
