/**
 * The colours a status chip can take, by what they mean: waiting (warning), moving on (accent), done (success),
 * stopped (danger), or nothing happened (neutral). The words always go with the colour, never the colour alone.
 */
export type StatusTone = 'warning' | 'accent' | 'success' | 'danger' | 'neutral'
