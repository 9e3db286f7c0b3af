import { Bot, Download, Lock, Star } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box, Flex, HStack, styled } from 'styled-system/jsx'
import { grid, hstack, visuallyHidden } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { Surface } from '../../../components/ui/surface'
import { EXPERT_ADVISOR_MESSAGES, type ExpertAdvisor } from '../../../domain/contract/catalog'
import { advisorPriceLabel } from '../../../domain/marketplace/advisors'
import { RunningSwitch } from './running-switch'
import { Text } from '../../../components/ui/text'

export const ADVISOR_TYPE_LABELS: Readonly<Record<ExpertAdvisor['type'], string>> = {
  expert_advisor: 'Expert advisor',
  others: 'Other tool',
}

const downloadsFormat = new Intl.NumberFormat('en-US')

export interface ExpertAdvisorCardProps {
  advisor: ExpertAdvisor
  /** In the user's eas: 'Owned', the button disabled, and the automated trading panel. */
  owned: boolean
  /**
   * Not allowed by the customer's plan (docs/product/marketplace.md#buying-an-advisor): the plan message and a way to
   * upgrade instead of buying.
   */
  restricted: boolean
  onBuy: () => void
  onUpgrade: () => void
}

/**
 * One advisor of the marketplace (docs/product/marketplace.md#buying-an-advisor and
 * docs/product/data-model.md#expert-advisor): picture, name, description, rating, downloads and price.
 */
export function ExpertAdvisorCard({ advisor, owned, restricted, onBuy, onUpgrade }: ExpertAdvisorCardProps) {
  const titleId = `advisor-${advisor.id}-name`
  return (
    <Surface
      as="article"
      aria-labelledby={titleId}
      data-testid={`advisor-${advisor.id}`}
      display="flex"
      flexDir="column"
      gap="3"
      borderColor={owned ? 'accent.border' : 'border'}
      p="5"
      flex="1"
      minW="0"
    >
      <Flex gap="3" alignItems="flex-start">
        {advisor.image ? (
          <styled.img
            src={advisor.image}
            alt=""
            htmlWidth={48}
            htmlHeight={48}
            w="12"
            h="12"
            rounded="lg"
            objectFit="cover"
            flexShrink={0}
          />
        ) : (
          <span
            aria-hidden="true"
            className={grid({
              placeItems: 'center',
              w: '12',
              h: '12',
              rounded: 'lg',
              bg: 'accent.subtle',
              color: 'accent',
              flexShrink: 0,
            })}
          >
            <Bot size={26} />
          </span>
        )}
        <Box flex="1" minW="0">
          <Box as="h3" id={titleId} fontWeight="semibold" fontSize="md">
            {advisor.name}
          </Box>
          <Text size="xs" tone="muted">
            {ADVISOR_TYPE_LABELS[advisor.type]}
          </Text>
        </Box>
        <Box
          as="p"
          data-testid="advisor-price"
          textStyle="price"
          fontWeight="semibold"
          color={advisor.amount_val === 0 ? 'gain' : 'text'}
          whiteSpace="nowrap"
        >
          {advisorPriceLabel(advisor.amount_val)}
        </Box>
      </Flex>

      <Box as="p" fontSize="sm" color="text.muted" flex="1">
        {advisor.description}
      </Box>

      <Flex as="dl" gap="4" fontSize="sm">
        <HStack display="inline-flex" gap="1" whiteSpace="nowrap">
          <dt>
            <Star size={14} aria-hidden="true" className={css({ color: 'warning', fill: 'currentColor' })} />
            <span className={visuallyHidden()}>Rating</span>
          </dt>
          <dd>{advisor.rating.toFixed(1)}</dd>
        </HStack>
        <HStack display="inline-flex" gap="1" whiteSpace="nowrap">
          <dt>
            <Download size={14} aria-hidden="true" className={css({ color: 'text.muted' })} />
            <span className={visuallyHidden()}>Downloads</span>
          </dt>
          <dd>{downloadsFormat.format(advisor.downloads)}</dd>
        </HStack>
      </Flex>

      {restricted ? (
        <div
          className={grid({
            gap: '2',
            p: '3',
            rounded: 'control',
            bg: 'warning.subtle',
            borderWidth: '1px',
            borderColor: 'warning.border',
          })}
        >
          <Flex as="p" gap="2" fontSize="sm">
            <Lock
              size={16}
              aria-hidden="true"
              className={css({ color: 'warning', flexShrink: 0, mt: '0.5' })}
            />
            {EXPERT_ADVISOR_MESSAGES.NOT_FOR_PLAN_UPGRADE}
          </Flex>
          <Button size="sm" variant="outline" onClick={onUpgrade}>
            Compare plans
          </Button>
        </div>
      ) : owned ? (
        <div className={grid({ gap: '3' })}>
          <div
            role="group"
            aria-label={`Automated trading for ${advisor.name}`}
            className={hstack({
              justifyContent: 'space-between',
              gap: '2',
              px: '3',
              py: '2',
              rounded: 'control',
              bg: 'bg.raised',
            })}
          >
            <RunningSwitch advisor={advisor} />
          </div>
          <Button variant="outline" disabled fullWidth>
            Owned
          </Button>
        </div>
      ) : (
        <Button fullWidth onClick={onBuy} aria-describedby={titleId}>
          {advisor.amount_val === 0 ? 'Get' : 'Buy'}
        </Button>
      )}
    </Surface>
  )
}
