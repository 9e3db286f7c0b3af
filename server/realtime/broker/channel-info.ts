// The channel attributes of Pusher's HTTP API (https://pusher.com/docs/channels/library_auth_reference/rest-api/):
// which `info` each endpoint takes, and the attributes answered from the cluster's subscription counts and presence
// members. Pure: the routes (http-api.ts) gather the counts and hand them here.
import { isPresenceChannel, PRESENCE_PREFIX } from './protocol'

export type ChannelAttribute = 'user_count' | 'subscription_count'

export interface ChannelAttributes {
  user_count?: number
  subscription_count?: number
}

/** What each endpoint may be asked for: GET /channels lists user_count only, as Pusher's does. */
export const LIST_ATTRIBUTES: readonly ChannelAttribute[] = ['user_count']
export const CHANNEL_ATTRIBUTES: readonly ChannelAttribute[] = ['user_count', 'subscription_count']

export type InfoVerdict =
  { ok: true; attributes: ReadonlySet<ChannelAttribute> } | { ok: false; message: string }

/**
 * Reads `info` (`user_count,subscription_count`): every name must be one the endpoint answers, or the request is
 * refused (400), so a request that Pusher would refuse is refused here too.
 */
export function parseInfo(info: string | undefined, allowed: readonly ChannelAttribute[]): InfoVerdict {
  const attributes = new Set<ChannelAttribute>()
  for (const name of (info ?? '').split(',')) {
    const attribute = name.trim()
    if (attribute === '') continue
    const known = allowed.find((candidate) => candidate === attribute)
    if (known === undefined) {
      return {
        ok: false,
        message: `Unknown info attribute '${attribute.slice(0, 40)}': this endpoint answers ${allowed.join(', ')}`,
      }
    }
    attributes.add(known)
  }
  return { ok: true, attributes }
}

/** user_count is a presence channel's alone: asked of one that is not, or of a list not limited to presence. */
export const USER_COUNT_NEEDS_PRESENCE =
  'user_count is only available for presence channels (filter_by_prefix=presence- when listing)'

export function userCountAllowed(
  attributes: ReadonlySet<ChannelAttribute>,
  channelOrPrefix: string,
): boolean {
  return !attributes.has('user_count') || channelOrPrefix.startsWith(PRESENCE_PREFIX)
}

/**
 * A channel's attributes as asked: subscription_count from the cluster's counts, user_count (presence channels
 * only; left out for others, as a trigger's `info` answers) from the members' union.
 */
export function channelAttributes(
  channel: string,
  attributes: ReadonlySet<ChannelAttribute>,
  subscriptionCount: number,
  userCount: (channel: string) => number,
): ChannelAttributes {
  const answer: ChannelAttributes = {}
  if (attributes.has('user_count') && isPresenceChannel(channel)) answer.user_count = userCount(channel)
  if (attributes.has('subscription_count')) answer.subscription_count = subscriptionCount
  return answer
}
