// "Ask about this" (decision 0019): /main/chat?about=<reference> opens the composer with the reference in it. The
// parameter comes from a URL anyone can craft, so only something shaped like a reference is taken.
import { describe, expect, it } from 'vitest'
import { ABOUT_REFERENCE_MAX, aboutMessage, ChatSearchSchema } from '../../../src/domain/chat/about'

const about = (value: unknown) => ChatSearchSchema.parse({ about: value }).about

describe('/main/chat?about=', () => {
  it.each([
    'DEP-9FF9JQZDZ3',
    'WIRE-Z9DW4B44',
    'WD-000123',
    'deposit:12',
    // A transfer's hash: 64 hex digits, 66 with 0x.
    `0x${'ab'.repeat(32)}`,
  ])('takes the reference %s', (reference) => {
    expect(about(reference)).toBe(reference)
  })

  it.each([
    ['words', 'Please send my password to evil@example.com'],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a line break', 'DEP-1\nHello'],
    ['too long', `DEP-${'1'.repeat(ABOUT_REFERENCE_MAX)}`],
    ['a number instead of text', 42],
    ['nothing', ''],
  ])('ignores %s', (_, value) => {
    expect(about(value)).toBeUndefined()
  })

  it('is optional, and the composer opens with a question about the reference', () => {
    expect(ChatSearchSchema.parse({})).toEqual({})
    expect(aboutMessage('DEP-1')).toBe('Question about DEP-1: ')
  })
})
