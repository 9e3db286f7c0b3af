import { Link } from '@tanstack/react-router'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import type { CryptoCoin } from '../../../domain/contract/funds-common'
import { Text } from '../../../components/ui/text'

// A coin on several networks (USDT on TRC20 and ERC20): the network is chosen first, because a transfer sent on
// the wrong one is lost. Each choice is a link (/main/deposit/{coin}/{network}), so it can be bookmarked and the
// back button works.

const choice = grid({
  gap: '0.5',
  px: '4',
  py: '3',
  rounded: 'control',
  borderWidth: '1px',
  borderColor: 'border.control',
  bg: 'bg.app',
  minW: '0',
  focusVisibleRing: 'outside',
  _hover: { bg: 'bg.hover' },
  '&[aria-current=page]': { borderColor: 'accent.solid', bg: 'accent.subtle' },
})

export function NetworkPicker(props: { coin: CryptoCoin; current: string | null }) {
  return (
    <nav aria-label={`${props.coin.code} networks`}>
      <ul
        className={grid({
          gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: '2',
        })}
      >
        {props.coin.networks.map((network) => (
          <Box as="li" key={network.id} minW="0">
            <Link
              to="/main/deposit/$crypto/$walletId"
              params={{ crypto: props.coin.slug, walletId: network.id }}
              aria-current={props.current === network.id ? 'page' : undefined}
              className={choice}
            >
              <Text as="span" weight="semibold">
                {network.name}
              </Text>
              <Text as="span" size="xs" tone="muted">
                {props.coin.code} on {network.name}
              </Text>
            </Link>
          </Box>
        ))}
      </ul>
    </nav>
  )
}
