// The room screen: the pairings and the standings in turn (every data-rotate
// seconds of <body>), and the round's clock counting down to data-deadline (or up
// from data-start) once a second. The server's time at render (data-now of the
// live region) corrects the projector's own clock. live.js replaces the region's
// content; both read it afresh on every tick.
(function () {
  // Translations: Django's JavaScript catalogue (room.html loads it first); without
  // it, the English.
  var gettext = window.gettext || function (text) { return text; };
  var shown = 0;
  var skew = 0;
  function readSkew() {
    var region = document.getElementById("room-live");
    var now = region && Date.parse(region.dataset.now);
    skew = now ? now - Date.now() : 0;
  }
  function panels() { return document.querySelectorAll("[data-panel]"); }
  function show() {
    var all = panels();
    all.forEach(function (p, i) { p.hidden = i !== shown % all.length; });
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(ms) {
    var s = Math.floor(Math.abs(ms) / 1000);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h ? h + ":" + pad(m) : m) + ":" + pad(s % 60);
  }
  function tickClock() {
    var clock = document.getElementById("clock");
    var time = clock && clock.querySelector("time");
    if (!time) { return; }
    var now = Date.now() + skew;
    if (clock.dataset.deadline) {
      var left = Date.parse(clock.dataset.deadline) - now;
      time.textContent = left > 0 ? clockText(left) : gettext("Time!");
      clock.classList.toggle("room-clock-late", left <= 0);
      clock.classList.toggle("room-clock-near", left > 0 && left <= 5 * 60 * 1000);
    } else if (clock.dataset.start) {
      time.textContent = clockText(now - Date.parse(clock.dataset.start));
    }
  }
  var every = parseInt(document.body.dataset.rotate || "15", 10) * 1000;
  readSkew();
  show();
  tickClock();
  setInterval(tickClock, 1000);
  setInterval(function () { shown += 1; show(); }, every);
  document.addEventListener("live:updated", function () { readSkew(); show(); tickClock(); });
})();
