// Who did it and from where, as every audit row records it: the signed-in admin, fastify's request id (also in
// the request's log lines, so an audit row leads to its logs) and the client address.
import type { FastifyRequest } from 'fastify'
import { authOf } from '../plugins/auth'
import type { AuditActor } from '../repositories/audit'

export function auditActor(request: FastifyRequest): AuditActor {
  return { actorId: authOf(request).user.id, requestId: String(request.id), ip: request.ip }
}
