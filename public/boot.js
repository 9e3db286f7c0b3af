// Starts the app once the page has painted its splash (decision 0028): index.html's module scripts are named in
// this tag's data-entry and data-preload (written by scripts/vite-scripts-after-first-paint.ts at build), and are
// requested from here, after the first paint, so that on a slow network they do not share the line with the
// stylesheet the first paint waits for. A classic script from this origin: the CSP allows no inline one.
//
// On a visit with a stored session it also asks for the scripts of the route the address opens (data-routes, written
// by the same build step from the build's chunk graph): they download beside the entry, where they would otherwise
// wait for the entry to run and the router to match (decision 0043, ninth pass). A stale session costs those
// downloads once; the router then sends the visitor to the sign-in as before.
;(function () {
  var tag = document.currentScript
  if (!tag) return
  var entry = tag.getAttribute('data-entry')
  var preload = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean)
  var routeScripts = signedInRouteScripts(tag.getAttribute('data-routes'), location.pathname)
  // A route's scripts are asked for this many to a task: each link costs the page's thread a fraction of a
  // millisecond, and /mt4's 93 (before the build joined shared chunks) in one task made a task of about 100 ms on
  // a phone.
  var ROUTE_SCRIPTS_PER_TASK = 16

  // The signed-in user's role, from the session the app keeps under `user-storage` (src/lib/session-store.ts);
  // null without a session.
  function storedRole() {
    try {
      var state = JSON.parse(localStorage.getItem('user-storage') || 'null').state
      return state && state.token && state.user ? state.user.role || 'user' : null
    } catch {
      return null
    }
  }

  // Whether a route's path (`/main/deposit/$crypto`) is `path` (`exact`) or a folder above it.
  function matches(route, path, exact) {
    var want = route.split('/')
    var have = path.split('/')
    if (exact ? want.length !== have.length : want.length > have.length) return false
    for (var index = 1; index < want.length; index += 1) {
      if (want[index] !== have[index] && !(want[index].charAt(0) === '$' && have[index])) return false
    }
    return true
  }

  function signedInRouteScripts(json, path) {
    var role = json && storedRole()
    if (!role) return []
    var routes
    try {
      routes = JSON.parse(json)
    } catch {
      return []
    }
    path = path.replace(/\/+$/, '') || '/'
    // Where the router sends a signed-in visitor of / and /main (src/routes/-guards.ts, homeOf).
    if (path === '/') path = role === 'admin' ? '/admin' : '/main/dashboard'
    if (path === '/main') path = '/main/dashboard'
    var names = []
    var route
    for (route in routes.layouts) if (matches(route, path, false)) names = names.concat(routes.layouts[route])
    for (route in routes.pages) if (matches(route, path, true)) names = names.concat(routes.pages[route])
    // Only a signed-in page: any other address (a sign-up page, a typo) loads what it loads now.
    if (names.length === 0) return []
    names = routes.shared.concat(names)
    var urls = []
    for (var index = 0; index < names.length; index += 1) urls.push('/assets/' + names[index])
    return urls
  }

  function preloadModule(url) {
    var link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = url
    document.head.appendChild(link)
  }

  function preloadRouteScripts(from) {
    var until = Math.min(from + ROUTE_SCRIPTS_PER_TASK, routeScripts.length)
    for (var index = from; index < until; index += 1) preloadModule(routeScripts[index])
    if (until < routeScripts.length) {
      setTimeout(function () {
        preloadRouteScripts(until)
      }, 0)
    }
  }

  function start() {
    for (var index = 0; index < preload.length; index += 1) preloadModule(preload[index])
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = entry
    document.head.appendChild(script)
    // After the entry, which every page needs first; a few tasks apart, so that none of them is long.
    preloadRouteScripts(0)
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
