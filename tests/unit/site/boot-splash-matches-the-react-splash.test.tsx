// index.html draws the splash before any script (decision 0025); React's splash must take over without a visible
// jump, so the two must be the same markup with the same classes. A change to either fails here.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_NAME } from '../../../src/domain/site/site-state'
import { SplashScreen } from '../../../src/features/site/components/splash-screen'
import { releaseBootSplashOnFirstRender } from '../../../src/lib/boot-splash'
import INDEX_HTML from '../../../index.html?raw'

interface Shape {
  tag: string
  attributes: Record<string, string>
  children: (Shape | string)[]
}

/** The element as the browser draws it: whitespace between tags and inside style attributes does not count. */
function shape(element: Element): Shape {
  const attributes = Object.fromEntries(
    [...element.attributes]
      .filter((attribute) => attribute.name !== 'data-testid' && attribute.name !== 'data-boot-splash')
      .map((attribute) => [
        attribute.name,
        attribute.name === 'style' ? attribute.value.replace(/\s+/g, '') : attribute.value,
      ]),
  )
  const children = [...element.childNodes].flatMap((node): (Shape | string)[] => {
    if (node.nodeType === node.ELEMENT_NODE) return [shape(node as Element)]
    const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? ''
    return text ? [text] : []
  })
  return { tag: element.tagName.toLowerCase(), attributes, children }
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('the splash in index.html', () => {
  it('is the React splash at 0 % with the default site name, markup and classes alike', () => {
    const boot = parse(INDEX_HTML).querySelector('[data-boot-splash]')
    const react = parse(
      renderToStaticMarkup(<SplashScreen siteName={DEFAULT_SITE_NAME} onComplete={() => {}} />),
    ).querySelector('[data-testid="splash"]')
    expect(boot).not.toBeNull()
    expect(react).not.toBeNull()
    expect(shape(boot!)).toEqual(shape(react!))
    expect(boot!.textContent).toContain('Loading market data...')
  })

  it('stays until React draws something in #root, then goes at once', async () => {
    document.body.innerHTML = '<main data-boot-splash></main><div id="root"></div>'
    const root = document.getElementById('root')!
    releaseBootSplashOnFirstRender(root)
    expect(document.querySelector('[data-boot-splash]')).not.toBeNull()
    root.append(document.createElement('main'))
    await Promise.resolve()
    expect(document.querySelector('[data-boot-splash]')).toBeNull()
  })
})
