import { Box, Flex } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import type { Deposit } from '../../../domain/contract/deposits'
import { confirmationsText, shortenMiddle } from '../../../domain/funds/deposits'
import { formatAmount } from '../../../domain/format/currency'
import { formatMoneyTime } from '../../../domain/funds/transaction-labels'
import { AskAboutLink } from './ask-about-link'
import { TransactionStatusChip } from './status-chip'
import { Text } from '../../../components/ui/text'

// The coin's incoming transfers, newest first, with their confirmations counting up live ('2/3' and a bar): the
// list is the deposits query, which funds.updated refreshes on every confirmation.

function Confirmations(props: { confirmations: number; required: number }) {
  const text = confirmationsText(props.confirmations, props.required)
  const percent = Math.round((Math.min(props.confirmations, props.required) / props.required) * 100)
  const done = props.confirmations >= props.required
  return (
    <div className={grid({ gap: '1', minW: '0' })}>
      <Flex justifyContent="space-between" fontSize="xs" color="text.muted">
        <span>Confirmations</span>
        <Box as="span" data-testid="confirmations" textStyle="numeric" color="text">
          {text}
        </Box>
      </Flex>
      <Box
        role="progressbar"
        aria-label="Confirmations"
        aria-valuemin={0}
        aria-valuemax={props.required}
        aria-valuenow={Math.min(props.confirmations, props.required)}
        aria-valuetext={text}
        h="1.5"
        rounded="pill"
        bg="bg.raised"
        overflow="hidden"
      >
        <Box
          data-done={done ? '' : undefined}
          h="full"
          bg={done ? 'success.solid' : 'accent.solid'}
          transition="width 0.4s ease"
          style={{ width: `${percent}%` }}
        />
      </Box>
    </div>
  )
}

export function IncomingTransfers(props: { transfers: readonly Deposit[]; code: string }) {
  if (props.transfers.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No transfers yet. A transfer to your address shows here as soon as the network sees it, and its
        confirmations count up live.
      </Text>
    )
  }
  return (
    <ul aria-label="Incoming transfers" className={grid({ gap: '3' })}>
      {props.transfers.map((deposit) => {
        const crypto = deposit.crypto
        return (
          <li
            key={deposit.id}
            data-testid="incoming-transfer"
            data-status={deposit.status}
            className={grid({
              gap: '3',
              p: '3',
              rounded: 'control',
              borderWidth: '1px',
              borderColor: 'border.default',
              bg: 'bg.app',
              minW: '0',
            })}
          >
            <div className={wrap({ alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
              <Box as="p" minW="0">
                <Box as="span" textStyle="numeric" fontWeight="semibold">
                  +{crypto?.coin_amount ?? ''} {props.code}
                </Box>{' '}
                <Text as="span" size="sm" tone="muted">
                  ≈ {formatAmount(deposit.amount)}
                </Text>
              </Box>
              <TransactionStatusChip status={deposit.status} />
            </div>
            {crypto && deposit.status !== 'failed' ? (
              <Confirmations confirmations={crypto.confirmations} required={crypto.required_confirmations} />
            ) : null}
            {deposit.failure_reason ? (
              <Text size="sm" tone="danger">
                {deposit.failure_reason}
              </Text>
            ) : null}
            <div
              className={wrap({
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '1 3',
                fontSize: 'xs',
                color: 'text.muted',
              })}
            >
              <Box as="span" minW="0">
                {formatMoneyTime(deposit.created_at)} · Tx{' '}
                <Box as="span" title={crypto?.tx_hash} fontFamily="mono">
                  {shortenMiddle(crypto?.tx_hash ?? deposit.reference, 8)}
                </Box>
              </Box>
              <AskAboutLink reference={deposit.reference} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
