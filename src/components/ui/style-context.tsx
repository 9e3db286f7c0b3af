// Binds a Panda slot recipe to the parts of a compound component (the Park UI pattern): the root part takes the
// recipe's variant props, computes the class of every slot once and shares them through context; every other part
// reads its slot's class from that context. Each Ark part is wrapped exactly once, here, and nowhere else.
import { createContext, useContext, type ComponentProps, type ElementType } from 'react'
import { cx } from 'styled-system/css'

type WithClassName = { className?: string | undefined }

/** The shape of a generated slot recipe (`styled-system/recipes`). */
interface SlotRecipe<S extends string, V> {
  (props?: V): Record<S, string>
  splitVariantProps(props: never): [unknown, unknown]
}

export function createStyleContext<S extends string, V extends object>(recipe: SlotRecipe<S, V>) {
  type Classes = Partial<Record<S, string>>
  type VariantProps = V
  const StyleContext = createContext<Classes | null>(null)

  function useClasses(): Classes {
    const classes = useContext(StyleContext)
    if (!classes) throw new Error('A styled part was rendered outside its Root')
    return classes
  }

  function splitAndResolve(props: Record<string, unknown>): [Classes, Record<string, unknown>] {
    const split = recipe.splitVariantProps as (p: unknown) => [VariantProps, Record<string, unknown>]
    const [variantProps, rest] = split(props)
    return [recipe(variantProps), rest]
  }

  /** A root that renders no element of its own (Ark Dialog.Root, Popover.Root, Menu.Root). */
  function withRootProvider<C extends ElementType>(Component: C, displayName?: string) {
    const Inner = Component as ElementType
    function StyledRootProvider(props: ComponentProps<C> & VariantProps) {
      const [classes, rest] = splitAndResolve(props)
      return (
        <StyleContext.Provider value={classes}>
          <Inner {...rest} />
        </StyleContext.Provider>
      )
    }
    StyledRootProvider.displayName = displayName ?? 'StyledRootProvider'
    return StyledRootProvider
  }

  /** A root that renders an element: gets the slot's class and provides the others. */
  function withProvider<C extends ElementType>(Component: C, slot: S, displayName?: string) {
    const Inner = Component as ElementType
    function StyledProvider(props: ComponentProps<C> & VariantProps & WithClassName) {
      const [classes, rest] = splitAndResolve(props)
      return (
        <StyleContext.Provider value={classes}>
          <Inner {...rest} className={cx(classes[slot], props.className)} />
        </StyleContext.Provider>
      )
    }
    StyledProvider.displayName = displayName ?? `Styled(${slot})`
    return StyledProvider
  }

  /** Any other part: takes its slot's class from the nearest root. */
  function withContext<C extends ElementType>(Component: C, slot: S, displayName?: string) {
    const Inner = Component as ElementType
    function StyledPart(props: ComponentProps<C> & WithClassName) {
      const classes = useClasses()
      return <Inner {...props} className={cx(classes[slot], props.className)} />
    }
    StyledPart.displayName = displayName ?? `Styled(${slot})`
    return StyledPart
  }

  return { withRootProvider, withProvider, withContext, useClasses, StyleContext }
}
