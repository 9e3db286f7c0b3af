// Checks for the values every page reads before its first render: the API's answers on the sign-in path (the user,
// the site settings, the error envelope), the sign-in form and the routes' search parameters. Zod's core is 15 KB
// gzip, a tenth of the sign-in page's JavaScript, so these are written with the dozen functions below instead
// (decision 0031); everything a later page loads keeps zod. Each guard is a Standard Schema (v1), the interface zod's
// schemas also implement, so `http`, the offline copies, form checks and the router's `validateSearch` take either.
// A guard that shadows a zod contract is checked against it value for value (tests/unit/contract).

/** The Standard Schema v1 interface (standardschema.dev), as the spec asks: copied, not imported. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
  }
}
export type StandardResult<Output> =
  { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] }
export interface StandardIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined
}
export type Infer<S> = S extends StandardSchemaV1<unknown, infer Output> ? Output : never
/** What a caller may hand it: a search parameter with a fallback may be left out of a link. */
export type InferInput<S> = S extends StandardSchemaV1<infer Input, unknown> ? Input : never

export type SafeResult<T> =
  { success: true; data: T } | { success: false; issues: readonly { message: string; path: PropertyKey[] }[] }

/** Either kind of schema's verdict, synchronously (no schema here refines asynchronously). */
export function safeParse<T>(schema: StandardSchemaV1<unknown, T>, value: unknown): SafeResult<T> {
  const result = schema['~standard'].validate(value)
  if (result instanceof Promise) throw new TypeError('an asynchronous schema cannot check this value')
  const verdict = result as { value?: T; issues?: readonly StandardIssue[] }
  if (!verdict.issues) return { success: true, data: verdict.value as T }
  return {
    success: false,
    issues: verdict.issues.map((issue) => ({
      message: issue.message,
      path: (issue.path ?? []).map((part) => (typeof part === 'object' ? part.key : part)),
    })),
  }
}

class Invalid {
  constructor(readonly issues: { message: string; path: PropertyKey[] }[]) {}
}
const invalid = (message: string, path: PropertyKey[]) => new Invalid([{ message, path }])

/** Refuses the value at `path` with `message`: for a guard written by hand with `guard(read)`. */
export function fail(message: string, path: PropertyKey[]): never {
  throw invalid(message, path)
}

/** A check: reads a value at a path and returns what it stands for, or throws Invalid. */
type Read<T> = (value: unknown, path: PropertyKey[]) => T

/** `I`: what it reads (TanStack Router types a link's search from it); `T`: what the value stands for. */
export interface Guard<T, I = T> extends StandardSchemaV1<I, T> {
  readonly read: Read<T>
  /** The value as it stands for, or a TypeError naming the first issue (tests, and values that must be right). */
  readonly parse: (value: unknown) => T
}

export function guard<T, I = T>(read: Read<T>): Guard<T, I> {
  return {
    read,
    parse(value) {
      try {
        return read(value, [])
      } catch (error) {
        if (!(error instanceof Invalid)) throw error
        const [first] = error.issues
        throw new TypeError(`${first?.path.join('.') || 'value'}: ${first?.message}`)
      }
    },
    '~standard': {
      version: 1,
      vendor: 'cfd-guard',
      validate(value) {
        try {
          return { value: read(value, []) }
        } catch (error) {
          if (error instanceof Invalid) return { issues: error.issues }
          throw error
        }
      },
    },
  }
}

const typed =
  <T>(name: string, test: (value: unknown) => value is T, message = `Expected ${name}`) =>
  (value: unknown, path: PropertyKey[]): T => {
    if (!test(value)) throw invalid(message, path)
    return value
  }

export const string = (message?: string) =>
  guard(typed('a string', (value): value is string => typeof value === 'string', message))
/** A string with its outer whitespace removed before any later check (zod's `z.trim()`). */
export const trimmedString = () => guard((value, path) => string().read(value, path).trim())
export const boolean = () =>
  guard(typed('a boolean', (value): value is boolean => typeof value === 'boolean'))
/** A finite number (zod's `z.number()` refuses NaN and the infinities too). */
export const number = () =>
  guard(typed('a number', (value): value is number => typeof value === 'number' && Number.isFinite(value)))
/** A safe integer within [min, max] (zod's `z.int()` with `minimum`/`maximum`). */
export const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  guard(
    typed(
      'an integer',
      (value): value is number =>
        typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max,
    ),
  )

/** One of a few strings. */
export const oneOf = <const Values extends readonly string[]>(values: Values) =>
  guard(
    typed(
      `one of ${values.join(', ')}`,
      (value): value is Values[number] => typeof value === 'string' && values.includes(value),
    ),
  )

/** The value passes `inner`, then `test`; `message` otherwise. */
export const refine = <T, I>(inner: Guard<T, I>, test: (value: T) => boolean, message: string) =>
  guard<T, I>((value, path) => {
    const read = inner.read(value, path)
    if (!test(read)) throw invalid(message, path)
    return read
  })

export const nullable = <T, I>(inner: Guard<T, I>) =>
  guard<T | null, I | null>((value, path) => (value === null ? null : inner.read(value, path)))

export const optional = <T, I>(inner: Guard<T, I>) =>
  guard<T | undefined, I | undefined>((value, path) =>
    value === undefined ? undefined : inner.read(value, path),
  )

export const array = <T, I>(item: Guard<T, I>) =>
  guard<T[], I[]>((value, path) => {
    if (!Array.isArray(value)) throw invalid('Expected an array', path)
    // Array.from, not map: a hole in a hand-edited copy reads as undefined, as zod reads it.
    return collect(Array.from(value, (entry, index) => () => item.read(entry, [...path, index])))
  })

/** The first of the guards the value passes. */
export const union = <const Options extends Guard<unknown, unknown>[]>(...options: Options) =>
  guard<Infer<Options[number]>, InferInput<Options[number]>>((value, path) => {
    for (const option of options) {
      try {
        return option.read(value, path) as Infer<Options[number]>
      } catch (error) {
        if (!(error instanceof Invalid)) throw error
      }
    }
    throw invalid('Expected one of the allowed kinds', path)
  })

type Shape = Record<string, Guard<unknown, unknown>>
type Flat<T> = { [K in keyof T]: T[K] }
/** Keys whose value may be undefined may be left out, as in zod's inferred types. */
type WithOptionalKeys<T> = Flat<
  { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
    [K in keyof T as undefined extends T[K] ? K : never]?: T[K]
  }
>
export type ObjectOf<S extends Shape> = WithOptionalKeys<{ [K in keyof S]: Infer<S[K]> }>
export type ObjectInputOf<S extends Shape> = WithOptionalKeys<{ [K in keyof S]: InferInput<S[K]> }>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The keys of `shape`, each checked; other keys are dropped, as zod's `z.object` drops them. */
export const object = <S extends Shape>(shape: S) =>
  guard<ObjectOf<S>, ObjectInputOf<S>>((value, path) => {
    if (!isRecord(value)) throw invalid('Expected an object', path)
    const out: Record<string, unknown> = {}
    collect(
      Object.keys(shape).map((key) => () => {
        const read = shape[key]!.read(value[key], [...path, key])
        // zod leaves an absent optional key absent rather than present and undefined.
        if (read !== undefined || key in value) out[key] = read
      }),
    )
    return out as ObjectOf<S>
  })

/** String keys, each value checked. */
export const record = <T, I>(item: Guard<T, I>) =>
  guard<Record<string, T>, Record<string, I>>((value, path) => {
    if (!isRecord(value)) throw invalid('Expected an object', path)
    const out: Record<string, T> = {}
    collect(Object.keys(value).map((key) => () => (out[key] = item.read(value[key], [...path, key]))))
    return out
  })

/** Runs every step, then throws all their issues together (a form shows each field's message at once). */
function collect<T>(steps: (() => T)[]): T[] {
  const issues: Invalid['issues'] = []
  const out: T[] = []
  for (const step of steps) {
    try {
      out.push(step())
    } catch (error) {
      if (!(error instanceof Invalid)) throw error
      issues.push(...error.issues)
    }
  }
  if (issues.length > 0) throw new Invalid(issues)
  return out
}

/**
 * A value from a URL anyone can craft: absent or refused reads as `fallback` (zod's `.default(x).catch(x)`), so a
 * damaged link drops the parameter, never the page.
 */
export const orElse = <T, I, F extends T | undefined>(inner: Guard<T, I>, fallback: F) =>
  guard<T | F, I | undefined>((value, path) => {
    try {
      return value === undefined ? fallback : inner.read(value, path)
    } catch (error) {
      if (error instanceof Invalid) return fallback
      throw error
    }
  })

/** A search parameter that may be absent: a bad value is dropped (zod's `.optional().catch(undefined)`). */
export const optionalParam = <T, I>(inner: Guard<T, I>) => orElse(inner, undefined)

/** A number written in a URL or a form: `Number(value)` first, as zod's `z.coerce.number()` does. */
/** `Number(value)`, as zod's coercion: a value Number refuses (a symbol) is not a number rather than an exception. */
export function numberFrom(value: unknown): number {
  try {
    return Number(value)
  } catch {
    return Number.NaN
  }
}

export const coercedNumber = <T extends number>(inner: Guard<T>, message = 'Expected a number') =>
  guard<T, unknown>((value, path) => {
    const read = numberFrom(value)
    if (Number.isNaN(read)) throw invalid(message, path)
    return inner.read(read, path)
  })
