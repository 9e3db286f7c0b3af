// POST /admin/users/{id}/login-link: a one-time sign-in link for a customer (never an admin: the server refuses).
// The server answers a same-site path; the back office prefixes its own origin so the admin can paste it anywhere.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LoginLinkResponseSchema, type LoginLink } from '../../../domain/contract/auth'
import { http } from '../../../lib/http'
import { invalidateClient } from './invalidate-client'

export async function createLoginLink(userId: number): Promise<LoginLink> {
  const body = await http.post(`/admin/users/${userId}/login-link`, {}, { schema: LoginLinkResponseSchema })
  return body.data
}

/** The link as the customer opens it: an absolute URL on this site. */
export function absoluteLoginUrl(link: Pick<LoginLink, 'url'>, origin: string): string {
  return /^https?:\/\//.test(link.url)
    ? link.url
    : `${origin}${link.url.startsWith('/') ? '' : '/'}${link.url}`
}

export function useCreateLoginLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createLoginLink,
    // Only the audit trail changes (the link is audited without its token).
    onSettled: (_result, _error, userId) => invalidateClient(queryClient, userId),
  })
}
