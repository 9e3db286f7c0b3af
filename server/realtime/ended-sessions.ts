// Sessions signed out lately, remembered for a while by the broker and the price feed of each instance. A channel
// authorisation or a price handshake checks its bearer token first and reaches the socket a moment later: when the
// session is signed out in between, the socket it then vouches for is closed at once rather than left listening
// (docs/decisions/0033-hardening-second-round.md, "Sessions close their sockets").

/**
 * Far longer than any request takes from reading its token to naming its socket; a revoked token is refused from
 * the revocation on, so nothing later can name the session again.
 */
export const ENDED_SESSION_MEMORY_MS = 60_000

export class EndedSessions {
  /** Session id to the time it is forgotten; insertion order is expiry order (one memory length for all). */
  private readonly until = new Map<number, number>()

  constructor(private readonly nowMs: () => number = Date.now) {}

  add(sessionIds: Iterable<number>): void {
    const now = this.nowMs()
    this.forgetBefore(now)
    for (const id of sessionIds) {
      this.until.delete(id)
      this.until.set(id, now + ENDED_SESSION_MEMORY_MS)
    }
  }

  has(sessionId: number): boolean {
    return (this.until.get(sessionId) ?? 0) > this.nowMs()
  }

  private forgetBefore(now: number): void {
    for (const [id, until] of this.until) {
      if (until > now) return
      this.until.delete(id)
    }
  }
}
