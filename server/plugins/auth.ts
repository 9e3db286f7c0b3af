// Bearer-token authentication. Routes opt in with `onRequest: [app.authenticate]` (and `app.requireAdmin`
// after it); running in onRequest means an anonymous caller is turned away before any body is read.
//
// Account status is enforced here, once, for every route (decision 0017): a pending or deactivated account gets 403
// with the gate's own sentence everywhere except the four calls its gate screen needs (GET /user for Check Status,
// logout, the heartbeat, and the channel authorisation of its own private-user channel for the live release), which
// use `app.authenticateAnyStatus` instead.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ACCOUNT_STATUS_MESSAGES, USER_ROLE, USER_STATUS } from '../../src/domain/contract'
import type { Authenticated } from '../repositories/auth-tokens'
import { MESSAGES, sendError } from './errors'

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: AuthHook
    authenticateAnyStatus: AuthHook
    requireAdmin: AuthHook
  }
  interface FastifyRequest {
    auth: Authenticated | null
  }
}

// An async hook that answers must return the reply, or fastify would also run the handler.
type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>

/** The user behind an authenticated request; only for routes behind `app.authenticate`. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('authOf() used on a route without app.authenticate')
  return request.auth
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null)

  async function authenticateAnyStatus(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request)
    const auth = token === undefined ? undefined : await app.repos.authTokens.authenticate(token, app.now())
    if (!auth) return sendError(reply, 401, { message: MESSAGES.UNAUTHENTICATED })
    request.auth = auth
    return undefined
  }
  app.decorate('authenticateAnyStatus', authenticateAnyStatus)

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = await authenticateAnyStatus(request, reply)
    if (refused) return refused
    const status = request.auth?.user.status
    if (status === USER_STATUS.PENDING || status === USER_STATUS.DEACTIVATED) {
      return sendError(reply, 403, { message: ACCOUNT_STATUS_MESSAGES[status] })
    }
    return undefined
  })

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.auth?.user
    // A deactivated admin may still sign in and see their status, but administers nothing.
    if (user?.role !== USER_ROLE.ADMIN || user.status !== USER_STATUS.ACTIVE) {
      return sendError(reply, 403, { message: MESSAGES.FORBIDDEN })
    }
    return undefined
  })
}
