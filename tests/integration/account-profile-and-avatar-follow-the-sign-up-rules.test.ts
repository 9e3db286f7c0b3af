// Personal details (decision 0020): PATCH /user/profile applies the sign-up rules of
// docs/product/registration.md#validation (names, username, phone with its country code) plus an adult's date of
// birth and an address; the avatar is an image checked by its content, served by its random key.
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACCOUNT_MESSAGES,
  API_PREFIX,
  AvatarResponseSchema,
  ProfilePatchResponseSchema,
  USERNAME_TAKEN_MESSAGE,
  VALIDATION_MESSAGES,
} from '../../src/domain/contract'
import { AVATAR_SIZE_PX } from '../../server/account/avatar-image'
import { customerWithPassword, formWithFile, ROOMY_ACCOUNT_RATE_LIMITS, signedIn } from './support/account'
import { call } from './support/back-office'
import { HTML_PAGE, TINY_PNG } from './support/chat'
import { bearer, createTestApp } from './support/test-server'
import { refusal } from './support/trading'

let app: FastifyInstance
let token: string
let holderId: number

beforeAll(async () => {
  app = await createTestApp({ rateLimits: ROOMY_ACCOUNT_RATE_LIMITS })
  const holder = await customerWithPassword(app)
  holderId = holder.id
  token = await signedIn(app, holder)
})
afterAll(async () => {
  await app?.close()
})

const patch = (body: object) => call(app, token, 'PATCH', '/user/profile', body)

describe('PATCH /user/profile', () => {
  it('saves names, phone with its code, address and date of birth', async () => {
    const response = await patch({
      first_name: ' Ada ',
      last_name: 'Lovelace',
      phone: '7700 900123',
      country_code: '+44',
      address: {
        line1: '12 St James Square',
        city: 'London',
        postal_code: 'SW1Y 4JH',
        country: 'united-kingdom',
      },
      date_of_birth: '1990-12-10',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(ProfilePatchResponseSchema.parse(response.json()).data).toMatchObject({
      first_name: 'Ada',
      phone: '+447700900123',
      country_code: '+44',
      address: { line1: '12 St James Square', line2: null, city: 'London' },
      date_of_birth: '1990-12-10',
    })
    const user = await call(app, token, 'GET', '/user')
    expect(user.json()).toMatchObject({ data: { first_name: 'Ada', name: 'Ada Lovelace' } })
  })

  it('refuses with the messages of docs/product/registration.md#validation, a minor, and a taken username', async () => {
    const short = await patch({ first_name: 'A', username: 'ab' })
    expect(refusal(short, 422).errors).toMatchObject({
      first_name: [VALIDATION_MESSAGES.FIRST_NAME],
      username: [VALIDATION_MESSAGES.USERNAME],
    })
    const phone = await patch({ phone: '12', country_code: '+44' })
    expect(refusal(phone, 422).errors?.phone).toEqual([VALIDATION_MESSAGES.PHONE])
    const lonePhone = await patch({ phone: '7700900123' })
    expect(refusal(lonePhone, 422).errors).toHaveProperty('country_code')
    const young = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10)
    expect(refusal(await patch({ date_of_birth: young }), 422).errors?.date_of_birth).toEqual([
      ACCOUNT_MESSAGES.TOO_YOUNG,
    ])
    expect(refusal(await patch({ date_of_birth: '1990-02-30' }), 422).errors).toHaveProperty('date_of_birth')
    expect(refusal(await patch({ email: 'x@example.com' }), 422).message).toBeTruthy()

    const other = await customerWithPassword(app)
    const [, username] = other.email.match(/^(holder[^@]+)@/) ?? []
    const taken = await patch({ username: username?.toUpperCase() })
    expect(refusal(taken, 409).errors?.username).toEqual([USERNAME_TAKEN_MESSAGE])
  })
})

describe('POST /user/avatar', () => {
  const postAvatar = (fileName: string, bytes: Uint8Array) => {
    const body = formWithFile({}, { fileName, bytes, contentType: 'image/png' })
    return app.inject({
      method: 'POST',
      url: `${API_PREFIX}/user/avatar`,
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.payload,
    })
  }

  it('stores a checked image, resized to one square WebP without its metadata, and serves it by its key', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6f97' } })
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
      .png()
      .toBuffer()
    const response = await postAvatar('me.png', photo)
    expect(response.statusCode, response.body).toBe(201)
    const { avatar } = AvatarResponseSchema.parse(response.json()).data
    if (!avatar) throw new Error('no avatar url')
    expect(avatar).toMatch(new RegExp(`^${API_PREFIX}/avatars/[A-Za-z0-9_-]{32}$`))
    const user = await call(app, token, 'GET', '/user')
    expect(user.json()).toMatchObject({ data: { id: holderId, avatar } })

    const image = await app.inject({ url: avatar })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['content-security-policy']).toContain('sandbox')
    const stored = await sharp(image.rawPayload).metadata()
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', AVATAR_SIZE_PX, AVATAR_SIZE_PX])
    expect(stored.exif).toBeUndefined()
    expect(image.rawPayload.length).toBeLessThan(photo.length)

    const removed = await call(app, token, 'DELETE', '/user/avatar')
    expect(removed.json()).toMatchObject({ data: { avatar: null } })
    expect((await app.inject({ url: avatar })).statusCode).toBe(404)
  })

  it('refuses what is not a PNG, JPEG or WebP image by its content', async () => {
    expect([415, 422]).toContain((await postAvatar('me.png', HTML_PAGE)).statusCode)
    expect((await postAvatar('me.pdf', Buffer.from('%PDF-1.4\n'))).statusCode).toBe(415)
    expect((await postAvatar('me.jpg', TINY_PNG)).statusCode).toBe(415)
    // A PNG's first bytes on a body that is not an image: checked by decoding, not only by the header.
    const broken = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64, 7)])
    expect((await postAvatar('me.png', broken)).statusCode).toBe(422)
  })
})
