import { Construction } from 'lucide-react'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Surface } from '../../../components/ui/surface'
import { maintenanceMessage } from '../../../domain/site/site-state'

// What customers see while the site is disabled (docs/product/site-and-gates.md#full-screen-states, state 4), drawn
// from the message and e-mail being typed. The live screen (features/site's SiteDisabled) is a page of its own (a
// <main> filling the viewport, the page's h1), so it cannot sit inside this page: this is its picture at card size,
// with the same words and the same rule for a blank message (domain/site's maintenanceMessage).

export function MaintenancePreview(props: { message: string; contactEmail: string }) {
  const contactEmail = props.contactEmail.trim()
  return (
    <figure className={grid({ gap: '2', m: '0' })}>
      <Box as="figcaption" fontSize="xs" color="text.muted">
        Preview: what customers see while the site is disabled
      </Box>
      <div
        data-testid="maintenance-preview"
        className={grid({
          placeItems: 'center',
          p: { base: '4', md: '6' },
          bg: 'bg.app',
          borderWidth: '1px',
          borderStyle: 'dashed',
          borderColor: 'border',
          rounded: 'surface',
        })}
      >
        <Surface w="full" maxW="28rem" p="6" textAlign="center" shadow="lg">
          <div
            aria-hidden="true"
            className={grid({
              mx: 'auto',
              mb: '4',
              w: '12',
              h: '12',
              rounded: 'full',
              placeItems: 'center',
              bg: 'warning.subtle',
              color: 'warning',
            })}
          >
            <Construction size={24} />
          </div>
          <Box as="p" fontSize="lg" fontWeight="semibold" mb="3">
            Site Temporarily Disabled
          </Box>
          <Box color="text.muted" lineHeight="relaxed" fontSize="sm">
            <Box as="p" whiteSpace="pre-line" overflowWrap="anywhere">
              {maintenanceMessage({ maintenanceMessage: props.message })}
            </Box>
            {contactEmail ? (
              <Box as="p" mt="3" overflowWrap="anywhere">
                If you need immediate assistance, please contact us at{' '}
                <Box as="span" color="accent" textDecoration="underline">
                  {contactEmail}
                </Box>
              </Box>
            ) : null}
          </Box>
          <Box
            as="span"
            aria-hidden="true"
            display="inline-flex"
            alignItems="center"
            mt="5"
            h="9"
            px="4"
            rounded="control"
            bg="accent.solid"
            color="accent.fg"
            fontSize="sm"
            fontWeight="medium"
          >
            Check Status
          </Box>
        </Surface>
      </div>
    </figure>
  )
}
