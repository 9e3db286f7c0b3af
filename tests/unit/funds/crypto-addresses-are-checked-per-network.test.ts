// Address formats per network (decision 0019): bech32 with its real checksum for Bitcoin, 0x + 40 hex for EVM chains,
// base58check with version 0x41 for Tron. Vectors from BIP 173, BIP 350 and published mainnet addresses.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  base58Decode,
  base58Encode,
  encodeSegwitAddress,
  encodeTronAddress,
  isValidAddress,
  sha256,
} from '../../../src/domain/funds/crypto-address'

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

describe('bech32 (Bitcoin)', () => {
  it.each([
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ])('accepts %s', (address) => {
    expect(isValidAddress('bech32', address)).toBe(true)
  })

  it.each([
    ['a changed checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['upper case (the page shows lower case)', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['a character outside the charset', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb'],
    [
      'version 1 with the bech32 (not bech32m) checksum',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    ],
    ['a legacy address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['an empty string', ''],
  ])('refuses %s', (_, address) => {
    expect(isValidAddress('bech32', address)).toBe(false)
  })

  it('round-trips any 20-byte program through the encoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (program) => {
        const address = encodeSegwitAddress(program)
        expect(address.startsWith('bc1q')).toBe(true)
        expect(isValidAddress('bech32', address)).toBe(true)
      }),
    )
  })
})

describe('EVM (Ethereum, ERC20)', () => {
  it.each([
    '0x52908400098527886e0f7030069857d2e4169ee7',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ])('accepts %s', (address) => {
    expect(isValidAddress('evm', address)).toBe(true)
  })

  it.each([
    '52908400098527886e0f7030069857d2e4169ee7',
    '0x52908400098527886e0f7030069857d2e4169ee',
    '0x52908400098527886e0f7030069857d2e4169ee7a',
    '0x52908400098527886e0f7030069857d2e4169eg7',
  ])('refuses %s', (address) => {
    expect(isValidAddress('evm', address)).toBe(false)
  })
})

describe('Tron (TRC20)', () => {
  it('accepts a real mainnet address (the USDT contract)', () => {
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true)
  })

  it.each([
    ['a changed character (checksum)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['a character outside base58', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    ['a short one', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['another chain’s prefix', 'R7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tT'],
  ])('refuses %s', (_, address) => {
    expect(isValidAddress('tron', address)).toBe(false)
  })

  it('round-trips any 20-byte account through the encoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (account) => {
        const address = encodeTronAddress(account)
        expect(address).toHaveLength(34)
        expect(isValidAddress('tron', address)).toBe(true)
      }),
      { numRuns: 50 },
    )
  })

  it('base58 decodes what it encodes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(hex(base58Decode(base58Encode(bytes))!)).toBe(hex(bytes))
      }),
    )
  })
})

describe('SHA-256', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(hex(sha256(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
  })

  it('matches Web Crypto for any input, across block boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
        expect(hex(sha256(bytes))).toBe(hex(expected))
      }),
      { numRuns: 200 },
    )
  })
})
