import { Box } from 'styled-system/jsx'
import { grid, hstack, visuallyHidden } from 'styled-system/patterns'

const STEPS = ['Set Up', 'Financial Profile', 'ID Check'] as const

/**
 * docs/product/registration.md#country-of-residence-step: the application's progress, steps Set Up, Financial Profile
 * and ID Check.
 */
export function ProgressSteps(props: { current: number }) {
  const percent = ((props.current + 1) / STEPS.length) * 100
  return (
    <nav aria-label="Application progress" className={grid({ gap: '3' })}>
      <ol className={grid({ gridTemplateColumns: 'repeat(3, 1fr)', gap: '2' })}>
        {STEPS.map((step, index) => {
          const active = index === props.current
          const done = index < props.current
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className={hstack({
                gap: '2',
                fontSize: { base: 'xs', md: 'sm' },
                fontWeight: active ? 'semibold' : 'normal',
                color: active || done ? 'text' : 'text.muted',
              })}
            >
              <Box
                as="span"
                aria-hidden="true"
                display="inline-grid"
                placeItems="center"
                flexShrink={0}
                w="6"
                h="6"
                rounded="full"
                fontSize="xs"
                fontWeight="bold"
                borderWidth="1px"
                borderColor={active || done ? 'accent.solid' : 'border.control'}
                bg={active || done ? 'accent.solid' : 'transparent'}
                color={active || done ? 'accent.fg' : 'text.muted'}
              >
                {index + 1}
              </Box>
              <span>
                <span className={visuallyHidden()}>
                  Step {index + 1} of {STEPS.length}:{' '}
                </span>
                {step}
              </span>
            </li>
          )
        })}
      </ol>
      <Box aria-hidden="true" h="1.5" rounded="pill" bg="bg.hover" overflow="hidden">
        <Box h="full" bg="accent.solid" rounded="pill" style={{ width: `${percent}%` }} />
      </Box>
    </nav>
  )
}
