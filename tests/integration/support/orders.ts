// Helpers for the pending orders' and position changes' tests (decision 0034): the calls, and a trading desk on the
// test app's database whose prices the test moves tick by tick, so fills, gaps and trailing stops happen at prices
// the test chose rather than wherever the simulator wanders.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import {
  OrderResponseSchema,
  type Asset,
  type LivePriceUpdate,
  type OrderType,
  type TradeSide,
} from '../../../src/domain/contract'
import type { Prices } from '../../../server/realtime'
import type { BatchEvent, Publisher } from '../../../server/realtime/publisher'
import { createTradingDesk, type TradingDesk } from '../../../server/trading'
import { newKey, postWithKey } from './trading'

/** POST /orders' body for `lots` of `asset` at `price`; the rest as the test says. */
export function pendingOrder(
  asset: Asset,
  side: TradeSide,
  orderType: OrderType,
  lots: number,
  price: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    type: side,
    order_type: orderType,
    id: asset.id,
    volume: Number((lots * asset.contract_size).toFixed(6)),
    price,
    ...overrides,
  }
}

export function placeOrder(
  app: FastifyInstance,
  token: string,
  body: unknown,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> {
  return postWithKey(app, '/api/v1/orders', token, body, key)
}

/** Places an order and returns it, failing the test with the server's answer if it was refused. */
export async function placedOrder(app: FastifyInstance, token: string, body: unknown) {
  const response = await placeOrder(app, token, body)
  expect(response.statusCode, response.body).toBe(201)
  return OrderResponseSchema.parse(response.json()).data
}

/**
 * The buy (ask) and sell (bid) prices of an asset at a rate, as the server derives them
 * (docs/product/trading-workspace.md#assets-and-live-prices).
 */
export const quoteOf = (asset: Asset, rate: number) => ({
  buy: rate * (1 + asset.buy_spread),
  sell: rate * (1 - asset.sell_spread),
})

/** The rate at which an asset's ask (buy price) or bid (sell price) is `price`. */
export const rateForAsk = (asset: Asset, ask: number) => ask / (1 + asset.buy_spread)
export const rateForBid = (asset: Asset, bid: number) => bid / (1 - asset.sell_spread)

/** Prices the test sets: `tick` moves one asset's rate and hands the tick to every listener, as the feed does. */
export function scriptedPrices(initial: Record<string, number>) {
  const rates = new Map(Object.entries(initial))
  const closed = new Set<string>()
  const listeners = new Set<(ticks: readonly LivePriceUpdate[]) => void>()
  const prices: Prices = {
    current: (feedId) => {
      const price = rates.get(feedId)
      return price === undefined ? undefined : { id: feedId, price }
    },
    isOpen: (feedId) => (rates.has(feedId) ? !closed.has(feedId) : undefined),
    onTicks: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    snapshot: () => [...rates].map(([id, price]) => ({ id, price })),
    candles: () => undefined,
  }
  return {
    prices,
    tick(feedId: string, rate: number) {
      rates.set(feedId, rate)
      for (const listener of listeners) listener([{ id: feedId, price: rate }])
    },
    setOpen(feedId: string, open: boolean) {
      if (open) closed.delete(feedId)
      else closed.add(feedId)
    },
  }
}

/** The app's publisher, keeping every event it is given (channel, name, data) for the test to read. */
export function recordingPublisher(publisher: Publisher) {
  const events: BatchEvent[] = []
  const recorder: Publisher = {
    mode: publisher.mode,
    trigger(channels, event, data, options) {
      for (const channel of typeof channels === 'string' ? [channels] : channels) {
        events.push({ channel, name: event, data })
      }
      return publisher.trigger(channels, event, data, options)
    },
    triggerBatch(batch) {
      events.push(...batch)
      return publisher.triggerBatch(batch)
    },
    authorizeChannel: (socketId, channel, presence) =>
      publisher.authorizeChannel(socketId, channel, presence),
    authenticateUser: (socketId, user) => publisher.authenticateUser(socketId, user),
    close: () => publisher.close(),
  }
  return { publisher: recorder, events }
}

/**
 * A second trading desk on the app's database and repositories, on scripted prices and the given clock: what a
 * restarted server (or another leader) builds. The app's own desk sees no ticks (its simulator is frozen).
 */
export function deskOn(
  app: FastifyInstance,
  prices: Prices,
  options: { now?: () => Date; publisher?: Publisher } = {},
): Promise<TradingDesk> {
  return createTradingDesk({
    repos: app.repos,
    prices,
    publisher: options.publisher ?? app.publisher,
    now: options.now ?? (() => app.now()),
    log: app.log,
    leader: app.cluster.leader,
    bus: app.cluster.bus,
  })
}
