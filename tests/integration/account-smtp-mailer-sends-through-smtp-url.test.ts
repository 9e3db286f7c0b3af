// The Mailer seam's SMTP side (decision 0020): with SMTP_URL set, mails leave through nodemailer to that server,
// without making the request wait; close() waits for the ones in flight. A minimal SMTP server stands in for the real
// one.
import { createServer, type AddressInfo, type Server } from 'node:net'
import Fastify from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSmtpMailer } from '../../server/mail/smtp-mailer'
import { MAIL_KINDS } from '../../src/domain/contract'

// fastify's own logger with logging off: what the app hands the mailer, silent.
const silentLog = Fastify({ logger: false }).log
let server: Server
let port: number
const received: Array<{ from: string; to: string[]; data: string }> = []

/** Just enough of RFC 5321 for nodemailer: greeting, EHLO, MAIL, RCPT, DATA, QUIT. No TLS, no auth. */
function fakeSmtp(): Server {
  return createServer((socket) => {
    let buffer = ''
    let inData = false
    let current = { from: '', to: [] as string[], data: '' }
    socket.write('220 fake.smtp ready\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(current)
          current = { from: '', to: [], data: '' }
          socket.write('250 queued\r\n')
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline < 0) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp\r\n')
        else if (verb === 'MAIL') {
          current.from = line
          socket.write('250 ok\r\n')
        } else if (verb === 'RCPT') {
          current.to.push(line)
          socket.write('250 ok\r\n')
        } else if (verb === 'DATA') {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
}

beforeAll(async () => {
  server = fakeSmtp()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

it('hands the mail to the SMTP server named by the URL, and close() waits for it', async () => {
  const mailer = createSmtpMailer(
    `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    'CFD Trader <no-reply@example.com>',
    silentLog,
  )
  await mailer.send({
    to: 'ann@example.com',
    subject: 'Reset your password',
    text: 'Choose a new password: https://trade.example.com/reset-password?token=abc',
    kind: MAIL_KINDS.PASSWORD_RESET,
  })
  await mailer.close()

  expect(received).toHaveLength(1)
  const [mail] = received
  expect(mail?.from).toContain('no-reply@example.com')
  expect(mail?.to.join()).toContain('ann@example.com')
  expect(mail?.data).toContain('Subject: Reset your password')
  expect(mail?.data).toContain('reset-password?token=abc')
})

it('never rejects when the server cannot be reached', async () => {
  const mailer = createSmtpMailer('smtp://127.0.0.1:1?connectionTimeout=500', 'x@example.com', silentLog)
  await expect(
    mailer.send({ to: 'a@example.com', subject: 's', text: 't', kind: MAIL_KINDS.PASSWORD_CHANGED }),
  ).resolves.toBeUndefined()
  await mailer.close()
})
