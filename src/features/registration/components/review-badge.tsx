import { Star } from 'lucide-react'
import { Flex, HStack } from 'styled-system/jsx'
import { visuallyHidden } from 'styled-system/patterns'
import { REVIEW_BADGE } from '../../../domain/registration/messages'
import { Text } from '../../../components/ui/text'

/**
 * docs/product/README.md#what-the-product-is: the start page's review-rating badge, a fixed count of 1,196 and five
 * stars.
 */
export function ReviewBadge() {
  return (
    <HStack
      as="p"
      display="inline-flex"
      gap="3"
      px="4"
      py="2"
      rounded="pill"
      bg="bg.glassSoft"
      borderWidth="1px"
      borderColor="border"
      fontSize="sm"
    >
      <span className={visuallyHidden()}>
        Rated {REVIEW_BADGE.stars} out of {REVIEW_BADGE.stars} from {REVIEW_BADGE.countLabel} reviews
      </span>
      <Flex as="span" aria-hidden="true" display="inline-flex" gap="0.5" color="warning">
        {Array.from({ length: REVIEW_BADGE.stars }, (_, index) => (
          <Star key={index} size={16} fill="currentColor" strokeWidth={0} />
        ))}
      </Flex>
      <span aria-hidden="true">
        <strong>Excellent</strong>{' '}
        <Text as="span" tone="muted">
          {REVIEW_BADGE.countLabel} reviews
        </Text>
      </span>
    </HStack>
  )
}
