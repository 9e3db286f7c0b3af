// The Clients list's URL (decision 0017): tab, search and page parse with safe fallbacks, and map onto the
// GET /admin/users query ('All' and an empty search send nothing).
import { describe, expect, it } from 'vitest'
import { ClientsSearchSchema, clientsQuery } from '../../../src/domain/back-office/clients-search'

describe('the Clients list search params', () => {
  it('defaults to every status, no search, page 1', () => {
    expect(ClientsSearchSchema.parse({})).toEqual({ status: 'all', search: '', page: 1 })
  })

  it('keeps a known status, a trimmed search and a page from the URL', () => {
    expect(ClientsSearchSchema.parse({ status: 'pending', search: '  smith ', page: '3' })).toEqual({
      status: 'pending',
      search: 'smith',
      page: 3,
    })
  })

  it('falls back rather than breaking on a pasted link with nonsense in it', () => {
    expect(ClientsSearchSchema.parse({ status: 'banned', page: '-2' })).toEqual({
      status: 'all',
      search: '',
      page: 1,
    })
  })

  it('asks the server for a status only when a tab other than All is chosen', () => {
    expect(clientsQuery({ status: 'all', search: '', page: 1 })).toEqual({ page: 1 })
    expect(clientsQuery({ status: 'deactivated', search: 'ACC-1', page: 2 })).toEqual({
      status: 'deactivated',
      search: 'ACC-1',
      page: 2,
    })
  })
})
