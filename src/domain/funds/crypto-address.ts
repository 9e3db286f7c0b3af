// Deposit and withdrawal address formats per network (decision 0019): the `format` of a CryptoNetwork in the funds
// contract names one of these rules. Pure and dependency-free (a small SHA-256 is included for Tron's checksum) so
// the withdrawal form, the server and the tests share them; encoders are exported so the sandbox chain can make
// addresses that pass the same checks.
import type { CryptoNetwork } from '../contract/funds-common'

export type AddressFormat = CryptoNetwork['format']

// ---- bech32 / bech32m (BIP 173, BIP 350) -----------------------------------------------------------------------

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_CONST = 1
const BECH32M_CONST = 0x2bc830a3
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: readonly number[]): number {
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let bit = 0; bit < 5; bit += 1) {
      if ((top >>> bit) & 1) checksum ^= GENERATORS[bit]!
    }
  }
  return checksum >>> 0
}

function hrpExpand(hrp: string): number[] {
  const high = [...hrp].map((char) => char.charCodeAt(0) >> 5)
  const low = [...hrp].map((char) => char.charCodeAt(0) & 31)
  return [...high, 0, ...low]
}

/** Regroups bits (8 → 5 to encode, 5 → 8 to decode); null when the padding is not what BIP 173 allows. */
function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | null {
  let accumulator = 0
  let bits = 0
  const result: number[] = []
  const maxValue = (1 << to) - 1
  for (const value of data) {
    if (value < 0 || value >> from !== 0) return null
    accumulator = (accumulator << from) | value
    bits += from
    while (bits >= to) {
      bits -= to
      result.push((accumulator >> bits) & maxValue)
    }
  }
  if (pad) {
    if (bits > 0) result.push((accumulator << (to - bits)) & maxValue)
  } else if (bits >= from || ((accumulator << (to - bits)) & maxValue) !== 0) {
    return null
  }
  return result
}

/**
 * A segwit address on Bitcoin mainnet ('bc'): lowercase only (the deposit page shows it in lowercase and mixed case
 * is invalid by BIP 173), witness version 0 with the bech32 checksum and a 20- or 32-byte program (bc1q…), or
 * version 1–16 with the bech32m checksum (bc1p…, taproot).
 */
export function isValidBech32Address(address: string, hrp = 'bc'): boolean {
  if (address.length < 14 || address.length > 90) return false
  if (address !== address.toLowerCase()) return false
  const separator = address.lastIndexOf('1')
  if (separator < 1 || address.slice(0, separator) !== hrp) return false
  const data: number[] = []
  for (const char of address.slice(separator + 1)) {
    const value = BECH32_CHARSET.indexOf(char)
    if (value === -1) return false
    data.push(value)
  }
  if (data.length < 7) return false
  const version = data[0]!
  if (version > 16) return false
  const expected = version === 0 ? BECH32_CONST : BECH32M_CONST
  if (polymod([...hrpExpand(hrp), ...data]) !== expected) return false
  const program = convertBits(data.slice(1, -6), 5, 8, false)
  if (!program || program.length < 2 || program.length > 40) return false
  if (version === 0 && program.length !== 20 && program.length !== 32) return false
  return true
}

/** Encodes a witness program as a segwit address (bech32 for version 0, bech32m above). */
export function encodeSegwitAddress(program: Uint8Array, version = 0, hrp = 'bc'): string {
  const data = [version, ...(convertBits([...program], 8, 5, true) ?? [])]
  const constant = version === 0 ? BECH32_CONST : BECH32M_CONST
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant
  const checksum = Array.from({ length: 6 }, (_, index) => (mod >>> (5 * (5 - index))) & 31)
  return `${hrp}1${[...data, ...checksum].map((value) => BECH32_CHARSET[value]).join('')}`
}

// ---- EVM (Ethereum and ERC20 tokens) ----------------------------------------------------------------------------

/**
 * 0x and 40 hex digits. All-lowercase and all-uppercase are accepted as they are; mixed case is accepted too
 * without its EIP-55 checksum, which would need Keccak-256 (not SHA-3) — the server made these addresses, and a
 * withdrawal to a mistyped one is caught by the back office's review before anything is sent.
 */
export function isValidEvmAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address)
}

// ---- Tron (base58check, version byte 0x41) ----------------------------------------------------------------------

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
export const TRON_VERSION_BYTE = 0x41

export function base58Decode(text: string): Uint8Array | null {
  const bytes: number[] = []
  for (const char of text) {
    let carry = BASE58_ALPHABET.indexOf(char)
    if (carry === -1) return null
    for (let index = 0; index < bytes.length; index += 1) {
      carry += bytes[index]! * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}

export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let index = 0; index < digits.length; index += 1) {
      carry += digits[index]! << 8
      digits[index] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let text = ''
  for (const byte of bytes) {
    if (byte !== 0) break
    text += '1'
  }
  return (
    text +
    digits
      .reverse()
      .map((digit) => BASE58_ALPHABET[digit])
      .join('')
  )
}

const doubleSha256 = (bytes: Uint8Array) => sha256(sha256(bytes))

/** T…, 34 characters of base58 that decode to 0x41 + a 20-byte account + the first 4 bytes of double SHA-256. */
export function isValidTronAddress(address: string): boolean {
  if (address.length !== 34 || !address.startsWith('T')) return false
  const bytes = base58Decode(address)
  if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_VERSION_BYTE) return false
  const checksum = doubleSha256(bytes.subarray(0, 21)).subarray(0, 4)
  return checksum.every((byte, index) => byte === bytes[21 + index])
}

/** A Tron address for a 20-byte account. */
export function encodeTronAddress(account: Uint8Array): string {
  const payload = new Uint8Array(21)
  payload[0] = TRON_VERSION_BYTE
  payload.set(account.subarray(0, 20), 1)
  const checksum = doubleSha256(payload).subarray(0, 4)
  const full = new Uint8Array(25)
  full.set(payload)
  full.set(checksum, 21)
  return base58Encode(full)
}

// ---- one entry point ----------------------------------------------------------------------------------------------

/** Whether `address` is well formed on a network of this format (surrounding spaces are the caller's to trim). */
export function isValidAddress(format: AddressFormat, address: string): boolean {
  switch (format) {
    case 'bech32':
      return isValidBech32Address(address)
    case 'evm':
      return isValidEvmAddress(address)
    case 'tron':
      return isValidTronAddress(address)
  }
}

/** What a customer should see typed in the address field as an example of the format. */
export const ADDRESS_PLACEHOLDERS: Record<AddressFormat, string> = {
  bech32: 'bc1q…',
  evm: '0x…',
  tron: 'T…',
}

// ---- SHA-256 (FIPS 180-4), small and synchronous --------------------------------------------------------------

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

const rotr = (value: number, bits: number) => (value >>> bits) | (value << (32 - bits))

/**
 * SHA-256 of a byte array. The browser's crypto.subtle is asynchronous and absent on plain http, and the check it
 * serves (Tron's address checksum) runs as the customer types, so a synchronous one is kept here.
 */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8
  const paddedLength = Math.ceil((message.length + 9) / 64) * 64
  const padded = new Uint8Array(paddedLength)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 2 ** 32))
  view.setUint32(paddedLength - 4, bitLength >>> 0)

  const hash = Uint32Array.from([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ])
  const words = new Uint32Array(64)
  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let index = 0; index < 16; index += 1) words[index] = view.getUint32(offset + index * 4)
    for (let index = 16; index < 64; index += 1) {
      const w15 = words[index - 15]!
      const w2 = words[index - 2]!
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10)
      words[index] = (words[index - 16]! + s0 + words[index - 7]! + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, h] = [...hash] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    for (let index = 0; index < 64; index += 1) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      const choice = (e & f) ^ (~e & g)
      const temp1 = (h + s1 + choice + K[index]! + words[index]!) >>> 0
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      const majority = (a & b) ^ (a & c) ^ (b & c)
      const temp2 = (s0 + majority) >>> 0
      h = g
      g = f
      f = e
      e = (d + temp1) >>> 0
      d = c
      c = b
      b = a
      a = (temp1 + temp2) >>> 0
    }
    hash[0] = (hash[0]! + a) >>> 0
    hash[1] = (hash[1]! + b) >>> 0
    hash[2] = (hash[2]! + c) >>> 0
    hash[3] = (hash[3]! + d) >>> 0
    hash[4] = (hash[4]! + e) >>> 0
    hash[5] = (hash[5]! + f) >>> 0
    hash[6] = (hash[6]! + g) >>> 0
    hash[7] = (hash[7]! + h) >>> 0
  }
  const digest = new Uint8Array(32)
  const digestView = new DataView(digest.buffer)
  hash.forEach((word, index) => digestView.setUint32(index * 4, word))
  return digest
}
