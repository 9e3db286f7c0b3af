import { describe, expect, it } from 'vitest'
import { describeFormats, formatBytes, uploadProblem } from '../../../src/domain/account/document-upload'
import { AVATAR_UPLOAD } from '../../../src/domain/contract/profile'
import { VERIFICATION_UPLOAD } from '../../../src/domain/contract/verification'

const MB = 1024 * 1024

describe('uploadProblem', () => {
  it('accepts images and PDF within the limit', () => {
    expect(
      uploadProblem({ name: 'passport.JPG', type: 'image/jpeg', size: MB }, VERIFICATION_UPLOAD),
    ).toBeNull()
    expect(
      uploadProblem({ name: 'bill.pdf', type: 'application/pdf', size: MB }, VERIFICATION_UPLOAD),
    ).toBeNull()
    // Some browsers give no type at all: the extension decides here, the content on the server.
    expect(uploadProblem({ name: 'id.webp', type: '', size: 10 }, VERIFICATION_UPLOAD)).toBeNull()
  })

  it('refuses other types, and a type that disagrees with the extension', () => {
    expect(uploadProblem({ name: 'notes.docx', type: '', size: 10 }, VERIFICATION_UPLOAD)).toBe(
      'This file type is not accepted. Choose a PNG, JPEG, WebP or PDF file.',
    )
    expect(uploadProblem({ name: 'page.jpg', type: 'text/html', size: 10 }, VERIFICATION_UPLOAD)).toMatch(
      /not accepted/,
    )
    expect(uploadProblem({ name: 'scan.pdf', type: 'application/pdf', size: 10 }, AVATAR_UPLOAD)).toBe(
      'This file type is not accepted. Choose a PNG, JPEG or WebP file.',
    )
  })

  it('refuses an empty file and one over the limit, saying both sizes', () => {
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 0 }, VERIFICATION_UPLOAD)).toBe(
      'This file is empty.',
    )
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 9.5 * MB }, VERIFICATION_UPLOAD)).toBe(
      'This file is 9.5 MB; the limit is 8 MB.',
    )
  })
})

describe('formatting', () => {
  it('writes sizes and formats for people', () => {
    expect(formatBytes(900)).toBe('900 B')
    expect(formatBytes(512 * 1024)).toBe('512 KB')
    expect(formatBytes(2 * MB)).toBe('2 MB')
    expect(formatBytes(10240.5 * MB)).toBe('10.0 GB')
    expect(describeFormats(AVATAR_UPLOAD)).toBe('PNG, JPEG or WebP')
  })
})
