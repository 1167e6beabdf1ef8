/* The deals waiting on this phone (issue 31), shared by the table pages
 * (offline.js) and the service worker (sw.js, Background Sync): one script for
 * both, so the two send the same way.
 *
 * A deal entered while the network is gone is kept in IndexedDB with an
 * idempotency key made here, on the phone. It is sent later, through the JSON API
 * (the account's or the table link's, with the seat), with that key in the
 * Idempotency-Key header: the server stores a deal once per key and answers a
 * repeat with the first answer, so a retry after an answer that never arrived
 * stores nothing twice.
 *
 * Order: a match's deals are sent one after another, oldest first; when one is
 * refused (a rule error the scorekeeper must correct) or cannot be sent, the ones
 * after it wait, since each deal folds onto the ones before it. One sender at a
 * time (the Web Locks API where there is one): a page and the worker never race.
 *
 * A deal: {key, scope ("match:<id>"), number, input (the deal's JSON), fields (the
 * form's fields, to correct it), summary (what was entered, in words), api, csrf,
 * sheet, form, mayCorrect, status ("waiting", "refused" by the rules, or
 * "conflict": another phone stored its number first), errors [{path, code,
 * message}], seq (its place), savedAt}.
 */
(function (scope) {
  "use strict";

  var DB_NAME = "kirjuri-offline";
  var DEALS = "deals";
  var META = "meta";
  var listeners = [];
  var channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel("kirjuri-offline") : null;

  function openDb() {
    return new Promise(function (resolve, reject) {
      var request = scope.indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        var db = request.result;
        db.createObjectStore(DEALS, {keyPath: "key"});
        db.createObjectStore(META);
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  // One transaction: ``work`` gets the store and may return a request whose result
  // is the transaction's (read once it has committed).
  function inStore(store, mode, work) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(store, mode);
        var result;
        var request = work(tx.objectStore(store));
        if (request) { request.onsuccess = function () { result = request.result; }; }
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function changed() {
    if (channel) { channel.postMessage("changed"); }
    listeners.forEach(function (listener) { listener(); });
  }

  if (channel) {
    channel.onmessage = function () { listeners.forEach(function (listener) { listener(); }); };
  }

  function all() {
    return inStore(DEALS, "readonly", function (store) { return store.getAll(); })
      .then(function (deals) { return (deals || []).sort(function (a, b) { return a.seq - b.seq; }); });
  }

  function ofScope(name) {
    return all().then(function (deals) {
      return deals.filter(function (deal) { return deal.scope === name; });
    });
  }

  function get(key) {
    return inStore(DEALS, "readonly", function (store) { return store.get(key); });
  }

  function put(deal) {
    return inStore(DEALS, "readwrite", function (store) { store.put(deal); }).then(changed);
  }

  // A corrected deal takes the refused one's place under a new key (its body
  // differs, and a key stands for one request).
  function replace(oldKey, deal) {
    return inStore(DEALS, "readwrite", function (store) {
      store.delete(oldKey);
      store.put(deal);
    }).then(changed);
  }

  function remove(key) {
    return inStore(DEALS, "readwrite", function (store) { store.delete(key); }).then(changed);
  }

  function lastSent() { return meta("lastSent"); }

  function meta(name) {
    return inStore(META, "readonly", function (store) { return store.get(name); });
  }

  function setMeta(name, value) {
    return inStore(META, "readwrite", function (store) { store.put(value, name); });
  }

  function newKey() {
    if (scope.crypto && scope.crypto.randomUUID) { return scope.crypto.randomUUID(); }
    var bytes = new Uint8Array(16);
    scope.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // The API's problem ({errors: [{path, code, message}]}); paths of the deal's
  // input as the form names them (without the body's "input.").
  function errorsOf(body, status) {
    var errors = (body && body.errors) || [];
    if (!errors.length) {
      return [{path: "", code: String(status), message: (body && (body.detail || body.title)) || String(status)}];
    }
    return errors.map(function (e) {
      return {path: String(e.path || "").replace(/^input\.?/, ""), code: e.code || "", message: e.message || ""};
    });
  }

  // Send one deal: true when the server stored it (or had stored it under this
  // key before: the replayed answer), false when it must wait.
  function sendOne(deal) {
    var headers = {"Content-Type": "application/json", "Accept": "application/json", "Idempotency-Key": deal.key};
    if (deal.csrf) { headers["X-CSRFToken"] = deal.csrf; }
    return scope.fetch(deal.api, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: headers,
      body: JSON.stringify({number: deal.number, input: deal.input}),
    }).then(function (response) {
      if (response.ok) {
        return inStore(DEALS, "readwrite", function (store) { store.delete(deal.key); })
          .then(function () {
            return inStore(META, "readwrite", function (store) { store.put(Date.now(), "lastSent"); });
          })
          .then(changed)
          .then(function () { return true; });
      }
      return response.json().catch(function () { return {}; }).then(function (body) {
        var errors = errorsOf(body, response.status);
        // The server is busy or still running this key's first request: later.
        var later = response.status >= 500 || response.status === 429 ||
          errors.some(function (e) { return e.code === "idempotency_key_in_progress"; });
        if (later) { return false; }
        // Another phone stored this number first (both were offline): a conflict
        // the scorekeeper settles by keeping one version, not a rule error.
        var taken = errors.some(function (e) { return e.code === "deal_exists"; });
        deal.status = taken ? "conflict" : "refused";
        deal.errors = errors;
        return put(deal).then(function () { return false; });
      });
    }, function () { return false; });  // no network: it waits
  }

  function sendInOrder(options) {
    var reporting = Boolean(options && options.report);
    return all().then(function (deals) {
      var blocked = {};
      var sent = 0;
      var touched = {};
      return deals.reduce(function (previous, deal) {
        return previous.then(function () {
          if (blocked[deal.scope]) { return; }
          if (deal.status !== "waiting") { blocked[deal.scope] = true; return; }
          return sendOne(deal).then(function (ok) {
            if (ok) { sent += 1; if (reporting) { touched[deal.scope] = deal; } } else { blocked[deal.scope] = true; }
          });
        });
      }, Promise.resolve()).then(function () {
        // What is left of each match whose deals went (when asked): reported, so
        // the room screen's mark follows even when the worker sent them
        // (Background Sync) with no page open.
        return Promise.all(Object.keys(touched).map(function (name) {
          var deal = touched[name];
          return ofScope(name).then(function (left) {
            return reportNow(name, reportUrlOf(deal.api), deal.csrf, left);
          });
        }));
      }).then(function () { return sent; });
    });
  }

  /* -- the queue reported to the server ----------------------------------------- */

  // Where a match's queue is reported, from where its deals go: the account's
  // ".../matches/<id>/deals/" → ".../matches/<id>/table-queue"; the table link's
  // ".../table/<token>/deals/?seat=1" → ".../table/<token>/queue?seat=1".
  function reportUrlOf(api) {
    var parts = api.split("?");
    var query = parts.length > 1 ? "?" + parts.slice(1).join("?") : "";
    if (/\/table\/[^/]+\/deals\/$/.test(parts[0])) { return parts[0].replace(/deals\/$/, "queue") + query; }
    return parts[0].replace(/deals\/$/, "table-queue") + query;
  }

  var REPORT_EVERY = 120000;

  // Tell the server how many deals of the match ``name`` wait on this phone and
  // since when (the oldest one's entry): the room screen and the director's page
  // mark the table while some wait. Sent once the phone has held deals of that
  // match (a phone that never has says nothing, and costs the server nothing),
  // then when the count or the time changes since the last report from this
  // phone (any page or the worker: kept in IndexedDB), and two minutes after it.
  // A refusal (a link withdrawn meanwhile) changes nothing here; no network: the
  // next time.
  function reportNow(name, url, csrf, deals) {
    if (!url) { return Promise.resolve(false); }
    var since = deals.reduce(function (oldest, deal) {
      return oldest === null || deal.savedAt < oldest ? deal.savedAt : oldest;
    }, null);
    var said = deals.length + "@" + since;
    var key = "reported:" + name;
    return meta(key).then(function (last) {
      // A phone that has never held a deal of this match says nothing: only a
      // phone that has had deals waiting leaves a mark, and keeps it up to date.
      if (!last && !deals.length) { return false; }
      if (last && last.said === said && Date.now() - last.at < REPORT_EVERY) { return false; }
      return setMeta(key, {said: said, at: Date.now()}).then(function () {
        var headers = {"Content-Type": "application/json", "Accept": "application/json"};
        if (csrf) { headers["X-CSRFToken"] = csrf; }
        return scope.fetch(url, {
          method: "POST",
          credentials: "same-origin",
          cache: "no-store",
          keepalive: true,
          headers: headers,
          body: JSON.stringify({waiting: deals.length, since: since === null ? null : new Date(since).toISOString()}),
        }).then(function () { return true; }, function () {
          // No network after all: next time (a phone that had reported keeps its
          // place; one that had not tries again).
          return setMeta(key, last ? {said: "", at: 0} : null).then(function () { return false; });
        });
      });
    }).catch(function () { return false; });
  }

  // Send what waits, in order; the number of deals the server took. ``report``:
  // then report what is left of each match whose deals went (the worker's
  // Background Sync, with no page to do it).
  function sendAll(options) {
    return oneAtATime(function () { return sendInOrder(options); });
  }

  // This phone's writes (sending, reporting, keeping a version), one at a time,
  // from the pages and the worker alike: the Web Locks API where there is one.
  function oneAtATime(work) {
    var locks = scope.navigator && scope.navigator.locks;
    if (locks) { return locks.request("kirjuri-deal-queue", work); }
    return work();
  }

  // Where a correction of the deal goes, and where its stored version is read:
  // the account's API (the deal's own address), or the table link's (its sheet,
  // with the phone's seat: ".../table/<token>/deals/?seat=1").
  function correctionOf(deal) {
    var parts = deal.api.split("?");
    var base = parts[0];
    var query = parts.length > 1 ? "?" + parts.slice(1).join("?") : "";
    var byLink = /\/table\/[^/]+\/deals\/$/.test(base);
    return {
      read: byLink ? base.replace(/deals\/$/, "sheet") + query : base + deal.number + "/" + query,
      correct: base + deal.number + "/correct" + query,
      version: function (body) {
        if (!byLink) { return body.version; }
        var row = (body.rows || []).filter(function (r) { return r.number === deal.number; })[0];
        if (!row) { throw {json: function () { return Promise.resolve({}); }, status: 404}; }
        return row.version;
      },
    };
  }

  // Keep this phone's version of a deal another phone stored first: a correction
  // of the stored deal (its history keeps both), through the account's API or the
  // table link's (the phone's seat on record).
  function keepAsCorrection(deal, reason) {
    return oneAtATime(function () { return correctNow(deal, reason); });
  }

  function correctNow(deal, reason) {
    var where = correctionOf(deal);
    var headers = {"Accept": "application/json"};
    if (deal.csrf) { headers["X-CSRFToken"] = deal.csrf; }
    return scope.fetch(where.read, {credentials: "same-origin", cache: "no-store", headers: headers})
      .then(function (response) {
        if (!response.ok) { throw response; }
        return response.json();
      })
      .then(function (stored) {
        var writing = Object.assign({"Content-Type": "application/json", "Idempotency-Key": newKey()}, headers);
        return scope.fetch(where.correct, {
          method: "POST",
          credentials: "same-origin",
          cache: "no-store",
          headers: writing,
          body: JSON.stringify({input: deal.input, base_version: where.version(stored), reason: reason}),
        });
      })
      .then(function (response) {
        if (response.ok) { return remove(deal.key).then(function () { return true; }); }
        throw response;
      })
      .catch(function (response) {
        if (!response || !response.json) { return false; }
        return response.json().catch(function () { return {}; }).then(function (body) {
          deal.errors = errorsOf(body, response.status);
          return put(deal).then(function () { return false; });
        });
      });
  }

  function report(name, url, csrf, deals) {
    return oneAtATime(function () { return reportNow(name, url, csrf, deals); });
  }

  scope.KirjuriQueue = {
    keepAsCorrection: keepAsCorrection,
    PAGE_CACHE: "kirjuri-table-pages",
    ASSET_CACHE: "kirjuri-assets",
    SYNC_TAG: "kirjuri-deals",
    all: all,
    ofScope: ofScope,
    get: get,
    put: put,
    replace: replace,
    remove: remove,
    lastSent: lastSent,
    meta: meta,
    setMeta: setMeta,
    newKey: newKey,
    sendAll: sendAll,
    report: report,
    REPORT_EVERY: REPORT_EVERY,
    onChange: function (listener) { listeners.push(listener); },
  };
})(self);
