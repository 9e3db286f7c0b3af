// A server whose database holds a second admin beside the demo one: the seed has one, and no API makes an admin.
// The admin goes into a copy of the suite's template database before the server opens it (PGlite is one process).
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../../server/db/client'
import { users } from '../../../server/db/schema'
import { hashPassword } from '../../../server/lib/passwords'
import { startServer, TEMPLATE_ENV, type RunningServer } from './server'

export const SECOND_ADMIN = {
  email: 'officer@example.com',
  password: 'Officer1234!',
  name: 'Grace Officer',
} as const

export async function startServerWithSecondAdmin(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cfd-e2e-'))
  const template = process.env[TEMPLATE_ENV]
  if (template) cpSync(template, dataDir, { recursive: true })
  const database = await openDatabase({ dataDir })
  try {
    await database.db.insert(users).values({
      email: SECOND_ADMIN.email,
      username: 'officer',
      firstName: 'Grace',
      lastName: 'Officer',
      country: 'united-states',
      nationality: 'united-states',
      phone: '+15550101',
      passwordHash: await hashPassword(SECOND_ADMIN.password),
      role: 'admin',
      status: 'active',
      accountId: 'CFD1000099',
      balanceUsd: '0.00',
    })
  } finally {
    await database.close()
  }
  return startServer({}, { dataDir })
}
