import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatConnection } from '../../../src/domain/chat/composer'
import { CHAT_MESSAGES } from '../../../src/domain/contract/chat'
import { ChatComposer } from '../../../src/features/chat/components/composer'
import { useComposer } from '../../../src/features/chat/hooks/use-composer'
import { configureHttp, HttpError, resetHttpConfig } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'
import { message } from './fixtures'
import { json, renderWithClient } from './harness'

// The XHR upload is replaced by one the test drives: progress, then an answer or a failure.
const upload = vi.hoisted(() => ({
  calls: [] as {
    file: File
    onProgress?: (loaded: number, total: number) => void
    resolve: (body: unknown) => void
    reject: (error: unknown) => void
  }[],
}))
vi.mock('../../../src/lib/files', () => ({
  uploadFile: (_path: string, file: File, options: { onProgress?: (l: number, t: number) => void } = {}) =>
    new Promise((resolve, reject) =>
      upload.calls.push({ file, onProgress: options.onProgress, resolve, reject }),
    ),
}))

const sent: unknown[] = []
let answer: () => Response

beforeEach(() => {
  sent.length = 0
  upload.calls.length = 0
  answer = () => json(201, { data: message({ id: 99 }) })
  configureHttp({
    getBaseUrl: () => 'http://api.test/api/v1',
    fetch: async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)))
      return answer()
    },
    log: () => {},
  })
})
afterEach(resetHttpConfig)

function Harness(props: { connection?: ChatConnection; signedIn?: boolean }) {
  const composer = useComposer({
    conversation: { customerId: 7, asAdmin: false, viewerId: 7 },
    signedIn: props.signedIn ?? true,
    connection: props.connection ?? 'live',
  })
  return <ChatComposer composer={composer} disabled={props.connection === 'disconnected'} />
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' })

describe('the composer', () => {
  it('passes the accessibility check', async () => {
    const { container } = renderWithClient(<Harness />)
    expect(textbox()).toHaveAttribute('placeholder', 'Type a message...')
    await expectNoA11yViolations(container)
  })

  it('sends on Enter with a client_message_id and clears; Shift+Enter makes a new line', async () => {
    const user = userEvent.setup()
    renderWithClient(<Harness />)
    await user.type(textbox(), 'First line{Shift>}{Enter}{/Shift}second line')
    expect(textbox()).toHaveValue('First line\nsecond line')
    expect(sent).toEqual([])
    await user.keyboard('{Enter}')
    await waitFor(() => expect(textbox()).toHaveValue(''))
    expect(sent).toEqual([
      {
        message: 'First line\nsecond line',
        attachments: [],
        client_message_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
      },
    ])
  })

  it('ignores empty and whitespace-only text', async () => {
    const user = userEvent.setup()
    renderWithClient(<Harness />)
    await user.type(textbox(), '   {Enter}')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(sent).toEqual([])
  })

  it("resends a draft whose answer was lost with the same client_message_id, and says 'Failed to send message.'", async () => {
    const user = userEvent.setup()
    answer = () => json(500, {})
    renderWithClient(<Harness />)
    await user.type(textbox(), 'Hello{Enter}')
    expect(await screen.findByText(CHAT_MESSAGES.SEND_FAILED)).toBeInTheDocument()
    expect(textbox()).toHaveValue('Hello')
    answer = () => json(201, { data: message({ id: 100 }) })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(textbox()).toHaveValue(''))
    const [first, second] = sent as { client_message_id: string }[]
    expect(second?.client_message_id).toBe(first?.client_message_id)
  })

  it("shows the server's message when it refuses", async () => {
    const user = userEvent.setup()
    answer = () => json(422, { message: 'A message can be at most 5,000 characters' })
    renderWithClient(<Harness />)
    await user.type(textbox(), 'Hello{Enter}')
    expect(await screen.findByText('A message can be at most 5,000 characters')).toBeInTheDocument()
  })

  it('says the connection is lost when the request never reaches the server', async () => {
    const user = userEvent.setup()
    configureHttp({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderWithClient(<Harness />)
    await user.type(textbox(), 'Hello{Enter}')
    expect(await screen.findByText(CHAT_MESSAGES.CONNECTION_LOST, {}, { timeout: 5_000 })).toBeInTheDocument()
  })

  it("needs a signed-in user: 'You must be logged in to send messages.'", async () => {
    const user = userEvent.setup()
    renderWithClient(<Harness signedIn={false} />)
    await user.type(textbox(), 'Hello{Enter}')
    expect(await screen.findByText(CHAT_MESSAGES.NOT_LOGGED_IN)).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  it("is disabled with 'Reconnecting...' while disconnected", () => {
    renderWithClient(<Harness connection="disconnected" />)
    expect(textbox()).toBeDisabled()
    expect(textbox()).toHaveAttribute('placeholder', 'Reconnecting...')
    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled()
  })

  it('uploads the first chosen file with a progress chip, then sends its url', async () => {
    const user = userEvent.setup()
    const { container } = renderWithClient(<Harness />)
    const input = screen.getByTestId('chat-file-input') as HTMLInputElement
    const pdf = new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' })
    const other = new File(['x'], 'other.png', { type: 'image/png' })
    await user.upload(input, [pdf, other])
    expect(upload.calls.map((call) => call.file.name)).toEqual(['statement.pdf'])
    expect(screen.getByTestId('attachment-chip')).toHaveTextContent('statement.pdf0%')
    act(() => upload.calls[0]!.onProgress?.(40, 100))
    expect(screen.getByTestId('attachment-progress')).toHaveTextContent('40%')
    expect(screen.getByRole('progressbar', { name: 'Uploading statement.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    )
    await expectNoA11yViolations(container)
    // Sending waits for the upload.
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(sent).toEqual([])
    await act(async () => {
      upload.calls[0]!.resolve({
        url: '/api/v1/chat/files/key',
        data: {
          id: 5,
          file_name: 'statement.pdf',
          download_url: '/api/v1/chat/files/key',
          is_image: false,
          mime_type: 'application/pdf',
          size: 8,
        },
      })
    })
    expect(screen.getByTestId('attachment-chip')).toHaveAttribute('data-status', 'ready')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(screen.queryByTestId('attachment-chip')).toBeNull())
    expect(sent).toEqual([
      { message: '', attachments: ['/api/v1/chat/files/key'], client_message_id: expect.any(String) },
    ])
  })

  it("shows 'Error' on the chip and the server's message when an upload fails; remove clears it", async () => {
    const user = userEvent.setup()
    renderWithClient(<Harness />)
    await user.upload(
      screen.getByTestId('chat-file-input') as HTMLInputElement,
      new File(['x'], 'photo.png', { type: 'image/png' }),
    )
    await act(async () => {
      upload.calls[0]!.reject(
        new HttpError({
          message: 'File type not allowed',
          status: 422,
          statusText: '',
          data: { message: 'File type not allowed' },
          url: '',
          method: 'POST',
        }),
      )
    })
    expect(screen.getByTestId('attachment-chip')).toHaveTextContent('Error')
    expect(await screen.findByText('File type not allowed')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove attachment photo.png' }))
    expect(screen.queryByTestId('attachment-chip')).toBeNull()
  })

  it("says 'Failed to upload file.' when the upload fails without a message", async () => {
    const user = userEvent.setup()
    renderWithClient(<Harness />)
    await user.upload(
      screen.getByTestId('chat-file-input') as HTMLInputElement,
      new File(['x'], 'photo.png', { type: 'image/png' }),
    )
    await act(async () => {
      upload.calls[0]!.reject(
        new HttpError({
          message: 'Network Error',
          status: 0,
          statusText: '',
          data: null,
          url: '',
          method: 'POST',
        }),
      )
    })
    expect(await screen.findByText(CHAT_MESSAGES.UPLOAD_FAILED)).toBeInTheDocument()
  })
})
