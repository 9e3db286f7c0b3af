// A schema's verdict on a form's values as the form shows it: the first message for each top-level field. For the
// few forms that check themselves without react-hook-form (the sign-in form: decisions 0027 and 0031). Takes any
// Standard Schema: a zod schema or a guard (../guard.ts).
import { safeParse, type StandardSchemaV1 } from '../guard'

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>

/** The first issue's message for each field the schema refuses; empty when the values pass. */
export function fieldErrors<Values extends object>(
  schema: StandardSchemaV1<unknown, Values>,
  values: Values,
): FieldErrors<Values> {
  const result = safeParse(schema, values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message
  }
  return errors as FieldErrors<Values>
}
