// A withdrawal's steps as its customer reads them (decision 0019): requested, then reviewed (approved, rejected, or
// cancelled by them), then paid out with the payout's reference. Each step says whether it is done, happening now,
// still to come, or where the request stopped, with its time. Pure: the list component only draws it.
import type { Withdrawal } from '../contract/withdrawals'

export type TimelineState = 'done' | 'current' | 'upcoming' | 'stopped'

export interface TimelineStep {
  key: 'requested' | 'review' | 'payout'
  label: string
  state: TimelineState
  /** ISO time the step happened, when it has. */
  at: string | null
  detail: string | null
}

export function withdrawalTimeline(withdrawal: Withdrawal): TimelineStep[] {
  const requested: TimelineStep = {
    key: 'requested',
    label: 'Requested',
    state: 'done',
    at: withdrawal.created_at,
    detail: null,
  }
  switch (withdrawal.status) {
    case 'in_review':
      return [
        requested,
        {
          key: 'review',
          label: 'In review',
          state: 'current',
          at: null,
          detail: 'The amount is reserved while we check the request. You can still cancel it.',
        },
        { key: 'payout', label: 'Sent', state: 'upcoming', at: null, detail: null },
      ]
    case 'approved':
      return [
        requested,
        { key: 'review', label: 'Approved', state: 'done', at: withdrawal.decided_at, detail: null },
        {
          key: 'payout',
          label: 'Being sent',
          state: 'current',
          at: null,
          detail: 'The payment is being made; its reference shows here once it leaves.',
        },
      ]
    case 'sent':
      return [
        requested,
        { key: 'review', label: 'Approved', state: 'done', at: withdrawal.decided_at, detail: null },
        {
          key: 'payout',
          label: 'Sent',
          state: 'done',
          at: withdrawal.sent_at,
          detail: withdrawal.payout_reference ? `Payout reference ${withdrawal.payout_reference}` : null,
        },
      ]
    case 'rejected':
      return [
        requested,
        {
          key: 'review',
          label: 'Rejected',
          state: 'stopped',
          at: withdrawal.decided_at,
          detail: 'The reserved amount was released to your balance.',
        },
      ]
    case 'cancelled':
      return [
        requested,
        {
          key: 'review',
          label: 'Cancelled by you',
          state: 'stopped',
          at: withdrawal.cancelled_at,
          detail: 'The reserved amount was released to your balance.',
        },
      ]
  }
}

/** Only a request still in review can be taken back. */
export const isCancellable = (withdrawal: Pick<Withdrawal, 'status'>) => withdrawal.status === 'in_review'
