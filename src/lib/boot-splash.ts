// index.html draws the loading splash (docs/product/site-and-gates.md#splash) before any script runs, a copy of what
// SplashScreen renders at 0 % (tests/unit/site/boot-splash-matches-the-react-splash.test.tsx keeps the two equal). It
// stands beside #root and goes the moment React has drawn anything there: a MutationObserver's callback runs after
// React's commit and before the next paint, so no frame shows both or neither. The icons' pulse carries on where it
// was, so even the animation does not jump when React's splash takes over.

const BOOT_SPLASH_SELECTOR = '[data-boot-splash]'

export function releaseBootSplashOnFirstRender(root: HTMLElement, doc: Document = document) {
  const bootSplash = doc.querySelector(BOOT_SPLASH_SELECTOR)
  if (!bootSplash) return
  const release = () => {
    if (root.firstElementChild === null) return false
    carryPulseOver(bootSplash, root)
    bootSplash.remove()
    return true
  }
  if (release()) return
  const observer = new MutationObserver(() => {
    if (release()) observer.disconnect()
  })
  observer.observe(root, { childList: true })
}

function carryPulseOver(bootSplash: Element, root: HTMLElement) {
  const from = bootSplash.querySelectorAll('svg')
  const to = root.querySelectorAll('[data-testid="splash"] svg')
  if (from.length !== to.length || typeof Element.prototype.getAnimations !== 'function') return
  to.forEach((icon, index) => {
    const [source] = from[index]!.getAnimations()
    const [target] = icon.getAnimations()
    if (source && target) target.currentTime = source.currentTime
  })
}
