// Live standings: re-fetch only the standings fragment (sooner while updating).
(function () {
  var section = document.querySelector("[data-standings-url]");
  if (!section) { return; }
  var url = section.dataset.standingsUrl;
  function poll() {
    var box = document.getElementById("standings");
    var pending = box && box.dataset.pending === "1";
    setTimeout(function () {
      fetch(url, {credentials: "same-origin"}).then(function (r) {
        return r.ok ? r.text() : null;
      }).then(function (html) {
        if (html) { document.getElementById("standings").outerHTML = html; }
      }).catch(function () {}).then(poll);
    }, pending ? 3000 : 15000);
  }
  poll();
})();
