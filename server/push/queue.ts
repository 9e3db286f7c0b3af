// Pushes leave from a queue (decision 0037): whoever has something to push (the leader's tick firing an alert)
// enqueues it and goes on; a few sends run at a time beside the engine, never on its path. A push goes to each of
// the customer's subscriptions; a 404 or 410 from the push service means the browser unsubscribed, and the
// subscription is deleted. An endpoint no longer allowed (the list changed since it subscribed) is skipped. A job of
// a category (funds, support, trades) leaves only if the customer's preferences allow it, read here, off the caller's
// path.
import type { FastifyBaseLogger } from 'fastify'
import type { PushPayload } from '../alerts/contract'
import type { PushCategory } from '../../src/domain/notifications/preferences'
import type { Repositories } from '../repositories'
import type { PushSubscriptionRow } from '../repositories/push-subscriptions'
import type { AllowedOrigins } from './origins'
import type { PushSender, PushSendOptions } from './sender'

/** Sends under way at once: enough to hide a push service's latency, few enough not to crowd the engine. */
const DEFAULT_CONCURRENCY = 8
/** Beyond this many waiting, a push is dropped (logged): a push service that stalls must not grow the heap. */
const MAX_WAITING = 50_000

export interface PushJob {
  userId: number
  payload: PushPayload
  options: PushSendOptions
  /** The customer's subscriptions when the caller read them already (a batch); else the queue reads them. */
  targets?: readonly PushSubscriptionRow[]
  /** Sent only if the customer's notification preferences allow this category; none (price alerts): always. */
  category?: PushCategory
}

export interface PushSent {
  userId: number
  endpoint: string
  statusCode: number
  /** When the job was enqueued and when the push service answered (performance.now()). */
  enqueuedAtMs: number
  answeredAtMs: number
}

export interface PushQueueDependencies {
  repos: Pick<Repositories, 'pushSubscriptions' | 'notificationPreferences'>
  sender: PushSender
  allowed: AllowedOrigins
  log: FastifyBaseLogger
  concurrency?: number
  /** Told of every push the service answered (the bench and tests listen). */
  onSent?: (sent: PushSent) => void
}

export type PushQueue = ReturnType<typeof createPushQueue>

const errorOf = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) })

export function createPushQueue(deps: PushQueueDependencies) {
  const { repos, sender, allowed, log } = deps
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY
  const waiting: (PushJob & { enqueuedAtMs: number })[] = []
  let head = 0
  let running = 0
  let stopped = false
  let scheduled = false
  const idleWaiters = new Set<() => void>()

  async function deliver(job: PushJob & { enqueuedAtMs: number }): Promise<void> {
    if (
      job.category !== undefined &&
      !(await repos.notificationPreferences.allowsPush(job.userId, job.category))
    )
      return
    const subscriptions = job.targets ?? (await repos.pushSubscriptions.ofUser(job.userId))
    if (subscriptions.length === 0) return
    const body = JSON.stringify(job.payload)
    await Promise.all(
      subscriptions.map(async (subscription) => {
        if (!allowed.allows(subscription.endpoint)) {
          log.warn({ userId: job.userId }, 'push endpoint no longer allowed: skipped')
          return
        }
        try {
          const { statusCode } = await sender.send(subscription, body, job.options)
          deps.onSent?.({
            userId: job.userId,
            endpoint: subscription.endpoint,
            statusCode,
            enqueuedAtMs: job.enqueuedAtMs,
            answeredAtMs: performance.now(),
          })
          if (statusCode === 404 || statusCode === 410) {
            await repos.pushSubscriptions.removeGone(subscription.id)
            log.info({ userId: job.userId, statusCode }, 'push subscription gone: deleted')
          } else if (statusCode >= 400) {
            log.warn({ userId: job.userId, statusCode }, 'push refused by the push service')
          }
        } catch (error) {
          log.warn({ err: errorOf(error), userId: job.userId }, 'push could not be sent')
        }
      }),
    )
  }

  function pump(): void {
    scheduled = false
    while (running < concurrency && head < waiting.length) {
      const job = waiting[head]
      waiting[head] = undefined as never
      head += 1
      if (!job) continue
      running += 1
      void deliver(job)
        .catch((error: unknown) => log.error({ err: errorOf(error) }, 'push delivery failed'))
        .finally(() => {
          running -= 1
          pump()
        })
    }
    if (head === waiting.length) {
      waiting.length = 0
      head = 0
    }
    if (running === 0 && waiting.length === 0) {
      for (const resolve of idleWaiters) resolve()
      idleWaiters.clear()
    }
  }

  return {
    /** Queues a push to every device of the customer; returns at once. */
    enqueue(job: PushJob): void {
      if (stopped) return
      if (waiting.length - head >= MAX_WAITING) {
        log.warn({ userId: job.userId }, 'push queue full: push dropped')
        return
      }
      waiting.push({ ...job, enqueuedAtMs: performance.now() })
      // Started on the next turn: the tick that enqueued goes on first.
      if (!scheduled) {
        scheduled = true
        setImmediate(pump)
      }
    },

    get waiting() {
      return waiting.length - head
    },

    /** Resolves once nothing waits and nothing is being sent. */
    settled(): Promise<void> {
      if (running === 0 && waiting.length - head === 0) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.add(resolve))
    },

    async stop(): Promise<void> {
      stopped = true
      await this.settled()
      sender.close()
    },
  }
}
