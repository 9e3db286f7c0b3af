// jsdom has no IntersectionObserver. This one records what each observer watches, with its margin, and lets a test
// say when an element comes on or off screen: the entry goes to every live observer of that element, with its
// `target`, as the browser's would (src/lib/in-viewport.ts shares one observer among many elements).
import { act } from '@testing-library/react'
import { vi } from 'vitest'

export interface FakeObserverRecord {
  rootMargin: string
  observed: Set<Element>
  disconnected: boolean
}

/**
 * Installs the fake as the global IntersectionObserver (undone by `vi.unstubAllGlobals()`). `setOnScreen` reports
 * one element; `observers` lists every observer made since, for a test that checks what is still watched.
 */
export function installFakeIntersectionObserver() {
  const observers: (FakeObserverRecord & {
    callback: IntersectionObserverCallback
    self: IntersectionObserver
  })[] = []
  class FakeIntersectionObserver {
    private readonly record: (typeof observers)[number]
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = {
        callback,
        rootMargin: options?.rootMargin ?? '0px',
        observed: new Set(),
        disconnected: false,
        self: this as unknown as IntersectionObserver,
      }
      observers.push(this.record)
    }
    observe(element: Element) {
      this.record.observed.add(element)
    }
    unobserve(element: Element) {
      this.record.observed.delete(element)
    }
    disconnect() {
      this.record.disconnected = true
      this.record.observed.clear()
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  const setOnScreen = (element: Element, isIntersecting: boolean) =>
    act(() => {
      for (const observer of observers.filter((candidate) => candidate.observed.has(element)))
        observer.callback([{ target: element, isIntersecting } as IntersectionObserverEntry], observer.self)
    })
  const watching = (element: Element) => observers.filter((observer) => observer.observed.has(element))
  return { setOnScreen, watching, observers: observers as readonly FakeObserverRecord[] }
}
