import { Link } from '@tanstack/react-router'
import { useId, useMemo } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { hstack, wrap } from 'styled-system/patterns'
import { PlanBadge } from '../../../components/plan-badge'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { AUTOTRADER_REQUEST_STATUS, type User } from '../../../domain/contract/user'
import { advisorPriceLabel, isOwned, selectAlgoTraderAdvisors } from '../../../domain/marketplace/advisors'
import { useCatalog } from '../api/get-catalog'
import { AutoTrader } from './auto-trader'
import { MARKETPLACE_MESSAGES } from './marketplace-page'
import { RunningSwitch } from './running-switch'
import { Text } from '../../../components/ui/text'

export interface AlgoTraderPanelProps {
  user: Pick<User, 'eas' | 'autotrader' | 'autotrader_request_status' | 'account_type'>
  onOpenPlans: () => void
  /** Reloads the signed-in user, which the session feature owns. */
  onAccountChanged: () => Promise<unknown>
}

const row = hstack({
  gap: '2',
  px: '3',
  py: '2',
  borderTopWidth: '1px',
  borderColor: 'border.muted',
  fontSize: 'sm',
})

/**
 * The workspace's Algo Trader list (docs/product/marketplace.md#running-an-advisor, shown when has_marketplace is
 * on): the advisors the customer owns with their Running/Stopped switch, those their plan allows with a way to the
 * marketplace, and the auto trader.
 */
export function AlgoTraderPanel({ user, onOpenPlans, onAccountChanged }: AlgoTraderPanelProps) {
  const titleId = useId()
  const catalog = useCatalog()
  const advisors = useMemo(
    () => (catalog.data ? selectAlgoTraderAdvisors(catalog.data.expert_advisors, user.eas) : []),
    [catalog.data, user.eas],
  )
  return (
    <Flex
      as="section"
      aria-labelledby={titleId}
      data-testid="algo-trader"
      flexDir="column"
      h={{ md: '100%' }}
      minH="0"
      borderTopWidth={{ md: '1px' }}
      borderColor="border"
    >
      <div className={wrap({ alignItems: 'center', gap: '2', px: '3', py: '2' })}>
        <Box as="h2" id={titleId} flex="1" fontSize="sm" fontWeight="semibold" whiteSpace="nowrap">
          Algo Trader
        </Box>
        {user.account_type ? <PlanBadge plan={user.account_type} onClick={onOpenPlans} /> : null}
        <AutoTrader
          active={user.autotrader}
          pending={user.autotrader_request_status === AUTOTRADER_REQUEST_STATUS.PENDING}
          onAccountChanged={onAccountChanged}
          size="xs"
        />
      </div>
      <Box flex="1" minH="0" overflowY="auto">
        {catalog.isPending ? (
          <p className={hstack({ gap: '2', px: '3', py: '2', color: 'text.muted' })}>
            <Spinner size="sm" /> {MARKETPLACE_MESSAGES.LOADING}
          </p>
        ) : catalog.isError && !catalog.data ? (
          <div role="alert" className={hstack({ gap: '2', px: '3', py: '2' })}>
            <Box as="span" flex="1" fontSize="sm">
              {MARKETPLACE_MESSAGES.LOAD_FAILED}
            </Box>
            <Button size="xs" variant="outline" onClick={() => void catalog.refetch()}>
              Retry
            </Button>
          </div>
        ) : advisors.length === 0 ? (
          <Box as="p" px="3" py="2" fontSize="sm" color="text.muted">
            No expert advisors available for your plan.
          </Box>
        ) : (
          <ul aria-label="Expert advisors">
            {advisors.map((advisor) => (
              <li key={advisor.id} className={row} data-testid={`algo-advisor-${advisor.id}`}>
                <Box as="span" flex="1" minW="0" truncate>
                  {advisor.name}
                </Box>
                {isOwned(advisor, user.eas) ? (
                  <RunningSwitch advisor={advisor} compact />
                ) : (
                  <>
                    <Text as="span" numeric size="xs" tone="muted">
                      {advisorPriceLabel(advisor.amount_val)}
                    </Text>
                    <Link
                      to="/main/marketplace"
                      search={{ search: advisor.name }}
                      aria-label={`Get ${advisor.name} in the marketplace`}
                      className={css({
                        fontSize: 'xs',
                        fontWeight: 'semibold',
                        color: 'accent',
                        _hover: { textDecoration: 'underline' },
                        _focusVisible: { focusVisibleRing: 'outside' },
                      })}
                    >
                      Get
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Box>
    </Flex>
  )
}
