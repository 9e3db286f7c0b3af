import { CircleCheck, CircleDashed } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box, Stack } from 'styled-system/jsx'
import { grid, hstack, wrap } from 'styled-system/patterns'
import * as Card from '../../../components/ui/card'
import type { VerificationSummary } from '../../../domain/contract/verification'
import { Text } from '../../../components/ui/text'

/** Levels 1-3: what each takes, what it unlocks, and which the customer has reached. */
export function LevelOverview(props: { summary: VerificationSummary }) {
  const { summary } = props
  const levels = summary.levels.filter((level) => level.level > 0)
  return (
    <section aria-labelledby="verification-levels" className={grid({ gap: '3' })}>
      <div className={wrap({ alignItems: 'baseline', gap: '3' })}>
        <Box as="h2" id="verification-levels" fontSize="xl" fontWeight="semibold">
          Verification levels
        </Box>
        <Text data-testid="verification-level" tone="muted" size="sm">
          Your level:{' '}
          <Text as="strong" tone="default">
            {summary.level}
          </Text>{' '}
          of {levels.length}
        </Text>
      </div>
      <ol
        className={grid({ gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } })}
      >
        {levels.map((level) => (
          <li key={level.level} className={grid()}>
            <Card.Root
              variant={level.reached ? 'surface' : 'outline'}
              className={css({ borderColor: level.reached ? 'success.border' : 'border' })}
            >
              <Card.Header>
                <div className={hstack({ gap: '2' })}>
                  {level.reached ? (
                    <CircleCheck size={18} aria-hidden="true" className={css({ color: 'success' })} />
                  ) : (
                    <CircleDashed size={18} aria-hidden="true" className={css({ color: 'text.muted' })} />
                  )}
                  <Card.Title asChild>
                    <h3>
                      Level {level.level}: {level.title}
                    </h3>
                  </Card.Title>
                </div>
                <Card.Description>{level.reached ? 'Reached' : 'Not reached yet'}</Card.Description>
              </Card.Header>
              <Card.Body>
                <Stack gap="2" fontSize="sm">
                  <Text weight="medium">What it takes</Text>
                  <Box as="ul" listStyle="disc" ps="5" color="text.muted">
                    {level.requirements.map((requirement) => (
                      <li key={requirement}>{requirement}</li>
                    ))}
                  </Box>
                  <Text weight="medium">What it unlocks</Text>
                  <Box as="ul" listStyle="disc" ps="5" color="text.muted">
                    {level.unlocks.map((unlock) => (
                      <li key={unlock}>{unlock}</li>
                    ))}
                  </Box>
                </Stack>
              </Card.Body>
            </Card.Root>
          </li>
        ))}
      </ol>
    </section>
  )
}
