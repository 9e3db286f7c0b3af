// Starts the app once the page has painted its splash (decision 0028): index.html's module scripts are named in
// this tag's data-entry and data-preload (written by scripts/vite-scripts-after-first-paint.ts at build), and are
// requested from here, after the first paint, so that on a slow network they do not share the line with the
// stylesheet the first paint waits for. A classic script from this origin: the CSP allows no inline one.
;(function () {
  var tag = document.currentScript
  if (!tag) return
  var entry = tag.getAttribute('data-entry')
  var preload = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean)

  function start() {
    for (var index = 0; index < preload.length; index += 1) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = preload[index]
      document.head.appendChild(link)
    }
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = entry
    document.head.appendChild(script)
  }

  // A hidden tab paints nothing until it is shown: start at once.
  if (document.visibilityState !== 'visible') return start()
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || []
  if (types.indexOf('paint') === -1) {
    // No paint timing: the callback of the next frame runs before that frame is painted, a task queued from it after.
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
    return
  }
  // The browser's own word that the first frame reached the screen (the time `first-paint` reports); a second
  // after this script ran at the latest, whatever happens.
  var started = false
  var observer = new PerformanceObserver(function () {
    startOnce()
  })
  function startOnce() {
    if (started) return
    started = true
    observer.disconnect()
    start()
  }
  observer.observe({ type: 'paint', buffered: true })
  setTimeout(startOnce, 1000)
})()
