import { Link } from '@tanstack/react-router'
import { Bitcoin, Coins, CreditCard, Landmark, type LucideIcon } from 'lucide-react'
import { Box } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { DEPOSIT_CHOICES, type DepositChoice } from '../../../domain/funds/deposits'

// The deposit method chooser (decision 0019): card, each coin, bank wire, as tiles that wrap (never scroll sideways)
// so every method stays in view at 390 px. The current method is marked with aria-current, not only with colour.

const ICONS: Readonly<Record<DepositChoice['key'], LucideIcon>> = {
  card: CreditCard,
  bitcoin: Bitcoin,
  ethereum: Coins,
  tether: Coins,
  wire: Landmark,
}

const tile = hstack({
  gap: '2.5',
  minW: '0',
  px: '3',
  py: '2.5',
  rounded: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'text.default',
  transitionProperty: 'background-color, border-color',
  transitionDuration: 'fast',
  focusVisibleRing: 'outside',
  _hover: { bg: 'bg.hover', borderColor: 'border.control' },
  '&[aria-current=page]': { borderColor: 'accent.solid', bg: 'accent.subtle' },
  '& svg': { w: '5', h: '5', flexShrink: 0, color: 'text.muted' },
  '&[aria-current=page] svg': { color: 'accent' },
})

function ChoiceBody(props: { choice: DepositChoice }) {
  const Icon = ICONS[props.choice.key]
  return (
    <>
      <Icon aria-hidden="true" />
      <span className={grid({ minW: '0', lineHeight: '1.25' })}>
        <Box as="span" fontWeight="semibold" fontSize="sm" truncate>
          {props.choice.label}
        </Box>
        <Box as="span" fontSize="xs" color="text.muted" truncate>
          {props.choice.note}
        </Box>
      </span>
    </>
  )
}

export function DepositMethods(props: { current: DepositChoice['key'] | 'history' | null }) {
  return (
    <nav aria-label="Deposit methods">
      <ul
        className={grid({
          gridTemplateColumns: {
            base: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
          gap: '2',
        })}
      >
        {DEPOSIT_CHOICES.map((choice) => {
          const current = props.current === choice.key ? 'page' : undefined
          return (
            <Box as="li" key={choice.key} minW="0">
              {choice.kind === 'crypto' ? (
                <Link
                  to="/main/deposit/$crypto"
                  params={{ crypto: choice.key }}
                  aria-current={current}
                  className={tile}
                  data-testid={`deposit-method-${choice.key}`}
                >
                  <ChoiceBody choice={choice} />
                </Link>
              ) : (
                <Link
                  to={choice.kind === 'card' ? '/main/deposit/card' : '/main/deposit/wire'}
                  aria-current={current}
                  className={tile}
                  data-testid={`deposit-method-${choice.key}`}
                >
                  <ChoiceBody choice={choice} />
                </Link>
              )}
            </Box>
          )
        })}
      </ul>
    </nav>
  )
}
