import { describe, expect, it } from 'vitest'
import {
  chatConnection,
  checkFile,
  composerKey,
  decideSend,
  FILE_MESSAGES,
  firstFile,
  uploadPercent,
  type SendInput,
} from '../../../src/domain/chat/composer'
import { CHAT_MESSAGES } from '../../../src/domain/contract/chat'

const input = (overrides: Partial<SendInput>): SendInput => ({
  text: '',
  attachment: null,
  signedIn: true,
  connection: 'live',
  ...overrides,
})

describe('sending (docs/product/chat.md#composer)', () => {
  it('ignores empty or whitespace text with no attachment', () => {
    expect(decideSend(input({ text: '' }))).toEqual({ kind: 'ignore' })
    expect(decideSend(input({ text: '  \n\t ' }))).toEqual({ kind: 'ignore' })
    // ...even for a signed-out user or offline: there is nothing to refuse.
    expect(decideSend(input({ text: ' ', signedIn: false, connection: 'disconnected' }))).toEqual({
      kind: 'ignore',
    })
  })

  it('sends trimmed text, and an attachment alone', () => {
    expect(decideSend(input({ text: '  Hello\nthere  ' }))).toEqual({
      kind: 'send',
      message: 'Hello\nthere',
      attachments: [],
    })
    expect(
      decideSend(input({ attachment: { status: 'ready', fileName: 'a.pdf', url: '/api/v1/chat/files/k' } })),
    ).toEqual({ kind: 'send', message: '', attachments: ['/api/v1/chat/files/k'] })
  })

  it('waits for an upload in flight and leaves a failed one out', () => {
    expect(
      decideSend(input({ text: 'Hi', attachment: { status: 'uploading', fileName: 'a.pdf', progress: 40 } })),
    ).toEqual({
      kind: 'ignore',
    })
    expect(decideSend(input({ attachment: { status: 'error', fileName: 'a.pdf', message: 'x' } }))).toEqual({
      kind: 'ignore',
    })
    expect(
      decideSend(input({ text: 'Hi', attachment: { status: 'error', fileName: 'a.pdf', message: 'x' } })),
    ).toEqual({
      kind: 'send',
      message: 'Hi',
      attachments: [],
    })
  })

  it('needs a signed-in user', () => {
    expect(decideSend(input({ text: 'Hi', signedIn: false }))).toEqual({
      kind: 'reject',
      message: CHAT_MESSAGES.NOT_LOGGED_IN,
    })
  })

  it('refuses while disconnected, but sends over the backup connection (plain HTTP)', () => {
    expect(decideSend(input({ text: 'Hi', connection: 'disconnected' }))).toEqual({
      kind: 'reject',
      message: 'Connection lost. Messages cannot be sent at this time.',
    })
    expect(decideSend(input({ text: 'Hi', connection: 'backup' })).kind).toBe('send')
  })
})

describe('keys (docs/product/chat.md#composer)', () => {
  it('Enter sends; Shift+Enter and IME composition do not', () => {
    expect(composerKey({ key: 'Enter', shiftKey: false })).toBe('send')
    expect(composerKey({ key: 'Enter', shiftKey: true })).toBe('newline')
    expect(composerKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('newline')
    expect(composerKey({ key: 'a', shiftKey: false })).toBe('none')
  })
})

describe('connection', () => {
  it('is live on the push connection, backup while the hub polls, disconnected offline', () => {
    expect(chatConnection({ status: 'connected', polling: false, online: true })).toBe('live')
    expect(chatConnection({ status: 'connecting', polling: true, online: true })).toBe('backup')
    expect(chatConnection({ status: 'failed', polling: true, online: true })).toBe('backup')
    expect(chatConnection({ status: 'disconnected', polling: false, online: true })).toBe('disconnected')
    expect(chatConnection({ status: 'connected', polling: false, online: false })).toBe('disconnected')
  })
})

describe('attachments (docs/product/chat.md#composer)', () => {
  it('takes images, PDF, docx, xls and xlsx up to 10 MB; never HTML or SVG', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.gif', 'e.webp', 'f.pdf', 'g.docx', 'h.xls', 'i.xlsx'])
      expect(checkFile({ name, size: 1_000 })).toBeNull()
    for (const name of ['page.html', 'logo.svg', 'run.exe', 'old.doc', 'noextension'])
      expect(checkFile({ name, size: 1_000 })).toBe(FILE_MESSAGES.WRONG_TYPE)
    expect(checkFile({ name: 'big.pdf', size: 10 * 1024 * 1024 + 1 })).toBe(FILE_MESSAGES.TOO_LARGE)
    expect(checkFile({ name: 'max.pdf', size: 10 * 1024 * 1024 })).toBeNull()
  })

  it('takes only the first chosen file', () => {
    expect(firstFile(['first', 'second'])).toBe('first')
    expect(firstFile([])).toBeNull()
    expect(firstFile(null)).toBeNull()
  })

  it('shows progress as a whole percent', () => {
    expect(uploadPercent(0, 1_000)).toBe(0)
    expect(uploadPercent(333, 1_000)).toBe(33)
    expect(uploadPercent(1_000, 1_000)).toBe(100)
    expect(uploadPercent(5, 0)).toBe(0)
    expect(uploadPercent(2_000, 1_000)).toBe(100)
  })
})
