{% autoescape off %}/* Kirjuri's service worker (issue 31), served at /sw.js by scoring.views.offline.
 *
 * What it keeps on the phone, with Workbox's strategies (vendored, no CDN):
 *  - the table pages (a match's sheet and its deal form, by account and by table
 *    link) when they are opened: network first, the kept copy when the network
 *    does not answer, so a reload at a table with no Wi-Fi still shows the sheet;
 *  - the static files and the scripts' translations: the kept copy at once, a
 *    fresh one fetched behind it.
 * Nothing else is kept: other pages, the API and the live region's polls go to the
 * network as before. Deals entered offline wait in IndexedDB (offline-queue.js,
 * shared with the pages); Background Sync, where the browser has it, sends them
 * when the network returns even if no page is open.
 */
importScripts({{ workbox_sw }});
importScripts({{ queue_js }});

// The production builds always (workbox-sw would load the debug ones on localhost),
// from our own static folder.
workbox.setConfig({debug: false, modulePathPrefix: {{ workbox_prefix }}});

// Loaded now: workbox-sw loads a module when it is first named, and a worker may
// only import scripts while it is being evaluated.
var routing = workbox.routing;
var strategies = workbox.strategies;
var expiration = workbox.expiration;
var cacheable = workbox.cacheableResponse;

var PAGES = KirjuriQueue.PAGE_CACHE;
var ASSETS = KirjuriQueue.ASSET_CACHE;
var TABLE_PAGE = /^\/(matches\/\d+|t\/[^/]+)\/(deals\/new\/)?$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

routing.registerRoute(
  function (options) {
    return options.request.mode === "navigate" && options.url.origin === self.location.origin &&
      TABLE_PAGE.test(options.url.pathname);
  },
  new strategies.NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 4,
    // The pages vary by cookie and language; the phone has one of each.
    matchOptions: {ignoreVary: true},
    plugins: [
      new cacheable.CacheableResponsePlugin({statuses: [200]}),
      new expiration.ExpirationPlugin({maxEntries: 40}),
    ],
  })
);

routing.registerRoute(
  function (options) {
    var path = options.url.pathname;
    return options.request.method === "GET" && options.url.origin === self.location.origin &&
      (path.indexOf({{ static_prefix }}) === 0 || path === "/jsi18n/");
  },
  new strategies.StaleWhileRevalidate({
    cacheName: ASSETS,
    matchOptions: {ignoreVary: true},
    plugins: [
      new cacheable.CacheableResponsePlugin({statuses: [200]}),
      new expiration.ExpirationPlugin({maxEntries: 120}),
    ],
  })
);

// Background Sync: the browser wakes the worker when the network is back.
self.addEventListener("sync", function (event) {
  // Sent with no page open, perhaps: the worker reports what is left (a page
  // reports for itself once it has sent).
  if (event.tag === KirjuriQueue.SYNC_TAG) { event.waitUntil(KirjuriQueue.sendAll({report: true})); }
});
{% endautoescape %}
