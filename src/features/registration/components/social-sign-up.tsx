import { Box } from 'styled-system/jsx'
import { center, grid, hstack } from 'styled-system/patterns'

const PROVIDERS = [
  { name: 'Google', initial: 'G', colour: '#ea4335' },
  { name: 'Apple', initial: 'A', colour: '#e6eaf0' },
  { name: 'Facebook', initial: 'f', colour: '#1877f2' },
] as const

const NOTE_ID = 'social-sign-up-note'

/**
 * docs/product/registration.md#sign-up-start-page: three social sign-up buttons that do nothing. They stay focusable
 * but say they are unavailable (aria-disabled plus a visible note), rather than looking like working buttons that
 * silently fail. lucide has no brand icons, so each shows its provider's initial.
 */
export function SocialSignUp() {
  return (
    <div className={grid({ gap: '3' })}>
      <p
        className={hstack({
          gap: '3',
          fontSize: 'xs',
          color: 'text.muted',
          textTransform: 'uppercase',
          letterSpacing: 'wider',
          _before: { content: '""', flex: '1', h: '1px', bg: 'border' },
          _after: { content: '""', flex: '1', h: '1px', bg: 'border' },
        })}
      >
        Or sign up with
      </p>
      <div className={grid({ gridTemplateColumns: 'repeat(3, 1fr)', gap: '2' })}>
        {PROVIDERS.map((provider) => (
          <button
            key={provider.name}
            type="button"
            aria-disabled="true"
            aria-label={`Sign up with ${provider.name}`}
            aria-describedby={NOTE_ID}
            title="Not available yet"
            className={center({
              inline: true,
              gap: '2',
              h: '10',
              px: '2',
              rounded: 'control',
              borderWidth: '1px',
              borderColor: 'border.control',
              bg: 'bg.raised',
              fontSize: 'sm',
              fontWeight: 'medium',
              cursor: 'not-allowed',
              focusVisibleRing: 'outside',
            })}
          >
            <Box
              as="span"
              aria-hidden="true"
              style={{ color: provider.colour }}
              display="inline-grid"
              placeItems="center"
              w="5"
              h="5"
              rounded="full"
              bg="bg.app"
              fontWeight="bold"
              fontSize="xs"
            >
              {provider.initial}
            </Box>
            {provider.name}
          </button>
        ))}
      </div>
      <Box as="p" id={NOTE_ID} fontSize="xs" color="text.muted" textAlign="center">
        Social sign-up is not available yet.
      </Box>
    </div>
  )
}
