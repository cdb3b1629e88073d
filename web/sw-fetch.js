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
