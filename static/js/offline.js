/* The table pages without a network (issue 31): the sheet and the deal form of a
 * match, by account and by table link.
 *
 *  - Registers the service worker (sw.js: the pages and their files kept on the
 *    phone) and, when the sheet is opened with a network, keeps the sheet, the
 *    deal form and the form's files at once, so both open at the table later.
 *  - The deal form: with no network (or while earlier deals of the match still
 *    wait) saving keeps the deal on the phone (offline-queue.js) instead of
 *    posting the page, and goes back to the sheet. Opened as "#offline=<key>", it
 *    shows a refused deal's fields and the server's errors at their fields, and
 *    saving puts the corrected deal back in its place in the queue.
 *  - The sheet: a waiting deal is a row in its place ("waiting to send"), a refused
 *    one shows its errors and a link to correct it; the line above the sheet says
 *    whether the phone is online, how many deals wait and when the last was sent.
 *    Waiting deals are sent on load, on the "online" event and by Background Sync.
 *
 * The form's fields are turned into the deal's JSON here as the server does for a
 * posted form (scoring/deal_forms/post.py) for the fields most games use: numbers,
 * choices, check boxes, sides' counts with the other side's derived, lists, the
 * union's branches. What the API cannot read comes back as a refusal at its field,
 * never lost.
 */
(function () {
  "use strict";

  var Q = window.KirjuriQueue;
  if (!Q || !window.indexedDB) { return; }
  var me = document.currentScript;
  var status = document.getElementById("offline-status");
  var form = document.querySelector("form#deal-form[data-offline-api]");
  var scopeName = (status && status.getAttribute("data-offline-scope")) ||
    (form && form.getAttribute("data-offline-scope"));
  if (!scopeName) { return; }
  var language = document.documentElement.lang || undefined;
  // Where the sheet reports this phone's queue (below), whether the first report
  // may go (once the page has kept what it keeps for the table: its own requests
  // first), and the sending under way.
  var queueUrl = status && status.getAttribute("data-queue-url");
  var settled = false;
  var sending = null;

  // The scripts' catalogue (base.html), or the English if it did not load.
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  function fill(text, values) {
    return window.interpolate ? window.interpolate(text, values) : text.replace("%s", values[0]);
  }
  function clock(when) {
    return new Date(when).toLocaleTimeString(language, {hour: "2-digit", minute: "2-digit"});
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  /* -- the service worker and the pages kept for the table ------------------ */

  // Fetch and keep pages or files. The header asks the page to leave the flash
  // messages ("Deal 3 is on the sheet") for the page the person opens next (base.html);
  // a redirect (a form that takes no deal now) is not kept as the page.
  function keep(cacheName, urls) {
    return caches.open(cacheName).then(function (cache) {
      return Promise.all(urls.map(function (url) {
        var options = {credentials: "same-origin", redirect: "manual", headers: {"X-Kirjuri-Keep": "1"}};
        return fetch(url, options).then(function (response) {
          if (response.status === 200) { return cache.put(url, response); }
        });
      }));
    });
  }

  function assetsOf(doc) {
    var urls = [];
    doc.querySelectorAll("script[src], link[rel=stylesheet][href], link[rel=icon][href]").forEach(function (node) {
      var url = new URL(node.getAttribute("src") || node.getAttribute("href"), location.href);
      if (url.origin === location.origin && urls.indexOf(url.href) < 0) { urls.push(url.href); }
    });
    return urls;
  }

  // The sheet, opened with a network: keep it, the deal form and their files. A
  // page the worker served is kept already (network first); the form is fetched
  // only when the phone has none (it is kept afresh each time it is opened, and
  // the next deal's number comes from the sheet: see nextFromSheet).
  function keepTablePages(controlled) {
    var enter = document.getElementById("enter-deal");
    var formUrl = enter ? new URL(enter.getAttribute("href"), location.href).href : null;
    return caches.open(Q.PAGE_CACHE).then(function (cache) {
      return formUrl ? cache.match(formUrl, {ignoreVary: true}) : true;
    }).then(function (formKept) {
      var pages = controlled ? [] : [location.href];
      if (formUrl && !formKept) { pages.push(formUrl); }
      if (!pages.length) { return null; }
      return keep(Q.PAGE_CACHE, pages).then(function () { return keepAssets(formUrl); });
    });
  }

  function keepAssets(formUrl) {
    return Promise.resolve().then(function () {
      var assets = assetsOf(document);
      if (!formUrl) { return keep(Q.ASSET_CACHE, assets); }
      return caches.open(Q.PAGE_CACHE)
        .then(function (cache) { return cache.match(formUrl); })
        .then(function (response) { return response ? response.text() : ""; })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          assetsOf(doc).forEach(function (url) { if (assets.indexOf(url) < 0) { assets.push(url); } });
          return keep(Q.ASSET_CACHE, assets);
        });
    });
  }

  function ready() {
    document.documentElement.setAttribute("data-offline-ready", "1");
    settled = true;
    if (status) { Q.ofScope(scopeName).then(function (deals) { report(deals); }).catch(function () {}); }
  }

  if ("serviceWorker" in navigator && me && me.getAttribute("data-sw")) {
    var controlled = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.register(me.getAttribute("data-sw"), {scope: "/"})
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function () { return status && navigator.onLine ? keepTablePages(controlled) : null; })
      .catch(function () {})
      .then(ready);
  } else {
    ready();
  }

  /* -- the status line -------------------------------------------------------- */

  function renderStatus(deals) {
    if (!status) { return Promise.resolve(); }
    return Q.lastSent().then(function (last) {
      var parts = [navigator.onLine ? gettext("Online.") : gettext("Offline: deals you enter are kept on this phone.")];
      if (deals.length) {
        parts.push(fill(ngettext("%s deal waits to be sent.", "%s deals wait to be sent.", deals.length), [deals.length]));
      }
      if (last) { parts.push(fill(gettext("Last sent at %s."), [clock(last)])); }
      status.textContent = parts.join(" ");
      status.classList.toggle("offline", !navigator.onLine);
      status.setAttribute("data-waiting", String(deals.length));
      status.hidden = false;
    });
  }

  /* -- the sheet: waiting and refused deals in their places -------------------- */

  function correctUrl(deal) { return deal.form.split("#")[0] + "#offline=" + encodeURIComponent(deal.key); }

  function renderSheet(deals) {
    var sheet = document.getElementById("sheet");
    if (!sheet) { return; }
    var body = sheet.tBodies[0];
    body.querySelectorAll("tr.offline-row").forEach(function (row) { row.remove(); });
    var totals = document.getElementById("totals");
    var span = totals ? Array.prototype.reduce.call(totals.cells, function (n, c) { return n + c.colSpan; }, 0) : 3;
    // "No deals yet." goes while the phone holds some.
    body.querySelectorAll("tr:not([data-deal]):not(.story)").forEach(function (row) {
      if (!row.classList.contains("offline-row")) { row.hidden = deals.length > 0; }
    });
    deals.forEach(function (deal) {
      var kind = deal.status === "refused" || deal.status === "conflict" ? deal.status : "waiting";
      var row = el("tr", {
        "class": "offline-row offline-" + kind,
        "data-offline-number": String(deal.number),
        "data-offline-key": deal.key,
      });
      var badge = {waiting: gettext("Waiting to send"), refused: gettext("Refused"), conflict: gettext("Conflict")}[kind];
      var first = el("td", {}, String(deal.number) + " ");
      first.appendChild(el("span", {"class": "badge warn"}, badge));
      row.appendChild(first);
      var cell = el("td", {colspan: String(Math.max(span - 1, 1)), "class": kind === "waiting" ? "muted" : "deal-errors"});
      if (kind === "conflict") {
        // Both versions: the sheet's row of this number above, this phone's here.
        cell.appendChild(el("p", {}, fill(gettext("Another phone entered deal %s first. This phone's version:"), [deal.number])));
        cell.appendChild(el("p", {"class": "offline-summary"}, deal.summary || ""));
        var choice = el("p", {"class": "actions-row"});
        if (deal.mayCorrect) {
          choice.appendChild(el("button", {type: "button", "class": "offline-keep-mine", "data-offline-key": deal.key},
            gettext("Keep this phone's (a correction)")));
        }
        choice.appendChild(el("button", {type: "button", "class": "offline-keep-sheet", "data-offline-key": deal.key},
          gettext("Keep the sheet's")));
        cell.appendChild(choice);
        if (!deal.mayCorrect) {
          cell.appendChild(el("p", {"class": "muted"}, gettext("To keep this phone's version, the match's scorer corrects the deal on the sheet.")));
        }
        (deal.errors || []).filter(function (e) { return e.code !== "deal_exists"; }).forEach(function (error) {
          cell.appendChild(el("p", {"class": "field-error"}, error.message));
        });
      } else if (kind === "refused") {
        (deal.errors || []).forEach(function (error, i) {
          if (i) { cell.appendChild(el("br")); }
          cell.appendChild(document.createTextNode(error.message));
        });
        cell.appendChild(document.createTextNode(" "));
        cell.appendChild(el("a", {href: correctUrl(deal), "class": "offline-correct"}, gettext("Correct")));
      } else {
        if (deal.summary) { cell.appendChild(el("span", {"class": "offline-summary"}, deal.summary + " · ")); }
        cell.appendChild(document.createTextNode(
          fill(gettext("Entered on this phone at %s; sent when the network is back."), [clock(deal.savedAt)])));
      }
      row.appendChild(cell);
      body.appendChild(row);
    });
    // The next deal's number counts the ones on the phone; what the table needs to
    // know for it (dealer, requirements) is the server's, and waits for them.
    var enter = document.getElementById("enter-deal");
    if (enter) {
      var shown = enter.getAttribute("data-server-text") || enter.textContent;
      enter.setAttribute("data-server-text", shown);
      enter.textContent = renumbered(shown, nextNumber(shown, deals));
    }
    document.querySelectorAll(".next-deal").forEach(function (section) { section.hidden = deals.length > 0; });
  }

  function nextNumber(text, deals) {
    var found = /(\d+)\s*$/.exec(text);
    var next = found ? parseInt(found[1], 10) : 1;
    deals.forEach(function (deal) { if (deal.number >= next) { next = deal.number + 1; } });
    return next;
  }

  function renumbered(text, number) { return text.replace(/\d+(\s*)$/, String(number) + "$1"); }

  // The server's next deal number, as the sheet last showed it: a deal form kept
  // earlier may show an older one.
  function nextFromSheet() {
    var enter = document.getElementById("enter-deal");
    var shown = enter && parseInt(enter.getAttribute("data-number"), 10);
    if (!shown) { return Promise.resolve(); }
    return Q.meta("next:" + scopeName).then(function (known) {
      if (!known || shown > known) { return Q.setMeta("next:" + scopeName, shown); }
      return null;
    });
  }

  /* -- the queue reported to the server --------------------------------------- */

  // Whenever the phone reaches the server it says how many deals of this match
  // wait on it and since when (offline-queue.js, report): the room screen and the
  // director's page mark the table while some wait, and the mark goes with a
  // report of none. Every two minutes while the sheet is open too: a table not
  // heard from for a while while its match is open is marked.

  function report(deals) {
    // While deals are being sent the count moves: the render after the last one
    // reports what is left (one write at a time from this phone).
    if (!queueUrl || !navigator.onLine || sending || !settled) { return; }
    Q.report(scopeName, queueUrl, status.getAttribute("data-csrf"), deals);
  }

  if (queueUrl) {
    setInterval(function () { Q.ofScope(scopeName).then(report).catch(function () {}); }, Q.REPORT_EVERY);
  }

  function render() {
    nextFromSheet().catch(function () {});
    return Q.ofScope(scopeName).then(function (deals) {
      renderSheet(deals);
      report(deals);
      return renderStatus(deals);
    });
  }

  function send() {
    if (!navigator.onLine) { return render(); }
    if (!sending) {
      sending = Q.sendAll().catch(function () { return 0; }).then(function (sent) {
        sending = null;
        // The stored deals' rows come with the sheet's next read (live.js); a page
        // without a live region reads the sheet again.
        if (sent && !document.querySelector("[data-live-url]") && status) { location.reload(); }
        return render();
      });
    }
    return sending;
  }

  // A conflict settled: keep the sheet's version (this phone's is dropped) or this
  // phone's (sent as a correction of the stored deal; its history keeps both).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".offline-keep-mine, .offline-keep-sheet");
    if (!button) { return; }
    event.preventDefault();
    button.disabled = true;
    var key = button.getAttribute("data-offline-key");
    Q.get(key).then(function (deal) {
      if (!deal) { return null; }
      if (button.classList.contains("offline-keep-sheet")) { return Q.remove(key); }
      return Q.keepAsCorrection(deal, gettext("Kept from a phone that entered it offline."));
    }).then(send);
  });

  Q.onChange(render);
  document.addEventListener("live:updated", render);
  window.addEventListener("online", send);
  window.addEventListener("offline", render);

  /* -- the deal form ------------------------------------------------------------ */

  // A field's posted text as the server reads it (post.py: integers from digits;
  // a derived pair's typed list as numbers; the rest as text).
  function valueOf(node, raw) {
    if (node.type === "checkbox" || node.type === "hidden" && /^(true|false)$/.test(raw) && node.form &&
        node.form.querySelector('input[type=checkbox][name="' + CSS.escape(node.name) + '"]')) {
      return raw === "true";
    }
    var numeric = node.type === "number" || node.type === "radio" || node.tagName === "SELECT" ||
      node.getAttribute("inputmode") === "numeric";
    if (node.id && /-all$/.test(node.id)) {
      return raw.replace(/,/g, " ").split(/\s+/).map(function (t) { return /^[+-]?\d{1,18}$/.test(t) ? parseInt(t, 10) : t; });
    }
    if (numeric && /^[+-]?\d{1,18}$/.test(raw)) { return parseInt(raw, 10); }
    return raw;
  }

  function setPath(target, path, value) {
    var keys = path.split(".");
    var node = target;
    keys.forEach(function (key, i) {
      var last = i === keys.length - 1;
      var index = /^\d+$/.test(key) ? parseInt(key, 10) : key;
      if (last) { node[index] = value; return; }
      if (node[index] === undefined || node[index] === null || typeof node[index] !== "object") {
        node[index] = /^\d+$/.test(keys[i + 1]) ? [] : {};
      }
      node = node[index];
    });
  }

  function compact(value) {
    if (Array.isArray(value)) {
      return value.filter(function (v) { return v !== undefined; }).map(compact);
    }
    if (value && typeof value === "object") {
      Object.keys(value).forEach(function (key) { value[key] = compact(value[key]); });
    }
    return value;
  }

  function getPath(target, path) {
    return path.split(".").reduce(function (node, key) { return node == null ? undefined : node[key]; }, target);
  }

  // The form's fields as posted (the pressed submit button's too: a tap that saves).
  function postedFields(submitter) {
    var fields = [];
    var data = new FormData(form);
    data.forEach(function (value, name) { fields.push([name, String(value)]); });
    if (submitter && submitter.name && submitter.form === form) { fields.push([submitter.name, submitter.value]); }
    return fields;
  }

  function dealInput(fields) {
    var input = {};
    var seen = {};
    fields.forEach(function (pair) {
      var name = pair[0];
      var raw = pair[1].trim();
      if (name === "csrfmiddlewaretoken" || name === "number" || !raw) { return; }
      var node = form.querySelector('[name="' + CSS.escape(name) + '"]:not([type=hidden])') ||
        form.querySelector('[name="' + CSS.escape(name) + '"]');
      var value = valueOf(node, raw);
      // The first non-empty value counts, but a check box's (after its hidden
      // "false") is the last one.
      if (seen[name] && typeof value !== "boolean") { return; }
      seen[name] = true;
      setPath(input, name, value);
    });
    // A side's count and the other side's rest (x-derived): [n, total − n], unless
    // the whole list was typed.
    form.querySelectorAll("output[data-derived-from][data-total]").forEach(function (out) {
      var from = out.getAttribute("data-derived-from");
      var whole = from.replace(/\.\d+$/, "");
      var n = getPath(input, from);
      var typed = getPath(input, whole);
      if (typeof n === "number" && Array.isArray(typed) && typed.length === 1) {
        setPath(input, whole, [n, parseInt(out.getAttribute("data-total"), 10) - n]);
      }
    });
    return compact(input);
  }

  // What was entered, in the form's own words ("Contract: rami · Tricks: 9"): the
  // version a conflict shows beside the sheet's.
  function labelText(node) {
    if (!node) { return ""; }
    var copy = node.cloneNode(true);
    copy.querySelectorAll("input, select, .req, .visually-hidden").forEach(function (n) { n.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function summaryOf(fields) {
    var parts = [];
    fields.forEach(function (pair) {
      if (pair[0] === "csrfmiddlewaretoken" || pair[0] === "number" || !pair[1].trim()) { return; }
      var node = form.querySelector('[name="' + CSS.escape(pair[0]) + '"]:not([type=hidden])');
      // A check box posts a hidden "false" before it: only a ticked one counts.
      if (!node || node.type === "checkbox" && pair[1] !== node.value) { return; }
      var holder = node.closest("[data-path]");
      var name = holder ? labelText(holder.querySelector("legend, label")) : "";
      var shown = pair[1];
      if (node.type === "radio" || node.type === "checkbox") {
        var chosen = form.querySelector('[name="' + CSS.escape(pair[0]) + '"][value="' + CSS.escape(pair[1]) + '"]');
        shown = labelText(chosen && chosen.closest("label")) || pair[1];
        if (node.type === "checkbox") { shown = name; name = ""; }
      } else if (node.tagName === "SELECT") {
        shown = labelText(node.options[node.selectedIndex]) || pair[1];
      }
      parts.push(name && name !== shown ? name + ": " + shown : shown);
    });
    return parts.join(" · ");
  }

  function setNumber(number) {
    var field = form.querySelector("input[name=number]");
    var old = field.value;
    if (String(number) === old) { return; }
    field.value = String(number);
    var heading = document.querySelector("main h1");
    if (heading && heading.firstChild && heading.firstChild.nodeType === 3) {
      heading.firstChild.nodeValue = heading.firstChild.nodeValue.replace(/\d+(\s*)$/, String(number) + "$1");
    }
    var save = document.getElementById("save-deal");
    if (save) { save.textContent = renumbered(save.textContent, number); }
  }

  function showErrors(deal) {
    var loose = [];
    (deal.errors || []).forEach(function (error) {
      var field = error.path && form.querySelector('[data-path="' + CSS.escape(error.path) + '"]');
      if (!field) { loose.push(error.message); return; }
      field.classList.add("has-error");
      var list = el("ul", {"class": "field-error offline-error", role: "alert"});
      list.appendChild(el("li", {}, error.message));
      field.appendChild(list);
    });
    var notice = el("div", {"class": "attention", id: "offline-refused", role: "alert"});
    notice.appendChild(el("p", {}, gettext("This deal was refused when it was sent. Correct it and save it again.")));
    loose.forEach(function (message) { notice.appendChild(el("p", {"class": "field-error"}, message)); });
    form.insertBefore(notice, form.firstChild);
  }

  function restore(deal) {
    deal.fields.forEach(function (pair) {
      var nodes = form.querySelectorAll('[name="' + CSS.escape(pair[0]) + '"]');
      nodes.forEach(function (node) {
        if (node.type === "hidden" || node.tagName === "BUTTON") { return; }
        if (node.type === "radio" || node.type === "checkbox") {
          if (node.value === pair[1]) { node.checked = true; } else { return; }
        } else {
          node.value = pair[1];
        }
        node.dispatchEvent(new Event("change", {bubbles: true}));
      });
    });
    setNumber(deal.number);
    showErrors(deal);
  }

  function editedKey() {
    var found = /^#offline=(.+)$/.exec(location.hash);
    return found ? decodeURIComponent(found[1]) : null;
  }

  // Does the server answer (a HEAD of the service worker's script: no database)?
  // Four seconds, then the deal is kept on the phone instead.
  function reachable() {
    var probe = me && me.getAttribute("data-sw");
    if (!probe || !window.AbortController) { return Promise.resolve(true); }
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, 4000);
    return fetch(probe, {method: "HEAD", cache: "no-store", signal: controller.signal})
      .then(function (response) { return response.ok; }, function () { return false; })
      .then(function (ok) { clearTimeout(timer); return ok; });
  }

  function initForm() {
    // Back to this page from the browser's history: it posts afresh.
    window.addEventListener("pageshow", function () { form.removeAttribute("data-offline-posting"); });
    var editing = editedKey();
    var refused = null;
    Q.ofScope(scopeName).then(function (deals) {
      refused = editing ? deals.filter(function (d) { return d.key === editing; })[0] || null : null;
      if (refused) { restore(refused); return null; }
      return Q.meta("next:" + scopeName).then(function (known) {
        var number = parseInt(form.querySelector("input[name=number]").value, 10) || 1;
        if (known > number) { number = known; }
        deals.forEach(function (deal) { if (deal.number >= number) { number = deal.number + 1; } });
        setNumber(number);
      });
    });

    form.addEventListener("submit", function (event) {
      if (form.getAttribute("data-offline-posting")) { return; }
      event.preventDefault();
      var submitter = event.submitter;
      Q.ofScope(scopeName).then(function (deals) {
        if (!navigator.onLine || deals.length || refused) { return false; }
        // The browser says "online" on a Wi-Fi that reaches nothing (a hall's
        // overloaded access point): ask the server first, briefly.
        return reachable();
      }).then(function (online) {
        if (online) {
          // With a network and nothing waiting, the page posts as ever.
          form.setAttribute("data-offline-posting", "1");
          if (form.requestSubmit) { form.requestSubmit(submitter || undefined); } else { form.submit(); }
          return null;
        }
        return Q.ofScope(scopeName);
      }).then(function (deals) {
        if (!deals) { return null; }
        var fields = postedFields(submitter);
        var csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
        var deal = {
          key: Q.newKey(),
          scope: scopeName,
          number: parseInt(form.querySelector("input[name=number]").value, 10),
          input: dealInput(fields),
          fields: fields,
          summary: summaryOf(fields),
          mayCorrect: form.getAttribute("data-offline-may-correct") === "1",
          api: form.getAttribute("data-offline-api"),
          csrf: csrf ? csrf.value : "",
          sheet: form.getAttribute("data-offline-sheet"),
          form: location.pathname + location.search,
          status: "waiting",
          errors: [],
          seq: refused ? refused.seq : Date.now(),
          savedAt: Date.now(),
        };
        return (refused ? Q.replace(refused.key, deal) : Q.put(deal))
          .then(function () {
            // Background Sync: the worker sends it when the network returns, even
            // if no page of Kirjuri is open then.
            if (!("serviceWorker" in navigator)) { return null; }
            return navigator.serviceWorker.getRegistration().then(function (registration) {
              if (registration && registration.sync) { return registration.sync.register(Q.SYNC_TAG).catch(function () {}); }
              return null;
            });
          })
          .then(function () { location.href = deal.sheet; });
      });
    });
  }

  if (form) { initForm(); }
  if (status) { send(); }
})();
