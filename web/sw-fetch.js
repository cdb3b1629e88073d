// The head of sw.js: build.py puts it before Workbox's generated service worker.
//
// When Workbox precaches a file that carries a revision (every file whose name holds no content
// hash: index.html, style.css, the page's modules...), it fetches it with cache: 'reload', which
// skips the HTTP cache: on a first visit each of those files the page has just downloaded is
// downloaded a second time. 'no-cache' is as fresh (the browser asks the server every time) but
// sends the validators of the copy it holds, so an unchanged file costs a 304 and a changed one
// comes whole. Workbox calls the global fetch, so that is where the mode is changed.
const networkFetch = self.fetch.bind(self);
self.fetch = (input, init) => networkFetch(
  input instanceof Request && input.cache === 'reload' ? new Request(input, { cache: 'no-cache' }) : input,
  init);

// Sun of York's files (its wheel and soy/<hash>/, issue 54) are not precached: a route keeps them
// when a Sun of York game first fetches them, in a cache named by their paths, SOY_CACHE (build.py
// writes it in). When a new build's service worker activates, the caches of older Sun of York
// files go (their URLs are no longer asked for): what Workbox's expiration plugin would do,
// without its 6 KB in sw.js, which every first visit downloads.
const SOY_CACHE = "richard3-sunofyork";
self.addEventListener('activate', (event) => event.waitUntil(caches.keys().then((names) =>
  Promise.all(names.filter((name) => name.startsWith('richard3-sunofyork') && name !== SOY_CACHE)
    .map((name) => caches.delete(name))))));
