// Live regions. An element with an id and data-live-url is read again every
// data-live-every milliseconds (default 1000) with If-None-Match: an unchanged page
// answers 304 and nothing happens; a changed one answers 200 with HTML holding an
// element of the same id, whose content replaces the region's. The region is left
// alone while someone types in one of its fields (it is read again next time), and
// its open <details> stay open. Polling pauses while the tab is hidden, and runs
// twice as often while the region shows a recompute on its way (data-pending="1").
// A region whose page is gone (410, a table link closed) reloads the page.
(function () {
  function busy(region) {
    var a = document.activeElement;
    return a && region.contains(a) && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName);
  }
  function swap(region, fresh) {
    var open = [];
    region.querySelectorAll("details").forEach(function (d, i) { if (d.open) { open.push(i); } });
    region.innerHTML = fresh.innerHTML;
    // The region's own data (the server's time at render, data-now) comes with the
    // content; its live-* settings stay the page's.
    Array.prototype.forEach.call(fresh.attributes, function (attribute) {
      if (/^data-/.test(attribute.name) && !/^data-live-/.test(attribute.name)) {
        region.setAttribute(attribute.name, attribute.value);
      }
    });
    var details = region.querySelectorAll("details");
    open.forEach(function (i) { if (details[i]) { details[i].open = true; } });
    region.dispatchEvent(new CustomEvent("live:updated", {bubbles: true}));
  }
  function watch(region) {
    var etag = region.dataset.liveEtag || "";
    var every = parseInt(region.dataset.liveEvery || "1000", 10);
    function later() {
      var pending = region.querySelector("[data-pending='1']");
      setTimeout(tick, pending ? every / 2 : every);
    }
    function tick() {
      if (document.hidden) { later(); return; }
      var headers = {"X-Live": "1"};
      if (etag) { headers["If-None-Match"] = etag; }
      fetch(region.dataset.liveUrl, {credentials: "same-origin", cache: "no-store", headers: headers})
        .then(function (r) {
          // A table link closed meanwhile (410): show its "does not work" page.
          if (r.status === 410) { window.location.reload(); return null; }
          if (r.status !== 200) { return null; }
          return r.text().then(function (html) { return {tag: r.headers.get("ETag"), html: html}; });
        })
        .then(function (got) {
          if (!got || busy(region)) { return; }
          var doc = new DOMParser().parseFromString(got.html, "text/html");
          var fresh = doc.getElementById(region.id);
          if (!fresh) { return; }
          swap(region, fresh);
          if (got.tag) { etag = got.tag; }
        })
        .catch(function () {})
        .then(later);
    }
    later();
  }
  document.querySelectorAll("[data-live-url][id]").forEach(watch);
})();
