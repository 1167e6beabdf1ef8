/* Kirjuri dart pad: one tap per dart.
 *
 * A field the game's schema declares with x-widget "dart" is a text input marked
 * data-dartpad (what is posted is its text, e.g. "T20 5 M", which the engine
 * parses) followed by its pad (.dartpad[data-pad-for=<input id>]): the keys of the
 * board (data-dart), the modifier keys (data-mod: Double, Triple, which turn the
 * next number key into its double or triple), Undo. A tap adds one dart, up to the
 * turn's data-darts. Typing into the input still works. No framework, no network.
 */
(function () {
  "use strict";
  if (window.kirjuriDartpad) return; // the partial may be on the page twice
  window.kirjuriDartpad = true;

  // Translations: Django's JavaScript catalogue (base.html loads it first); without
  // it, the English.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (fmt, values) {
    return fmt.replace(/%\((\w+)\)s/g, function (m, key) { return String(values[key]); });
  };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };

  function words(input) {
    return input.value.trim() ? input.value.trim().split(/[\s,]+/) : [];
  }

  function setup(pad) {
    var input = document.getElementById(pad.getAttribute("data-pad-for"));
    if (!input) return;
    var most = parseInt(input.getAttribute("data-darts"), 10) || 3;
    var mod = "";
    var count = pad.querySelector(".dp-count");

    function show() {
      var n = words(input).length;
      count.textContent = interpolate(
        ngettext("%(n)s of %(most)s dart", "%(n)s of %(most)s darts", most),
        { n: n, most: most }, true);
      pad.querySelectorAll(".dp-mod").forEach(function (b) {
        b.setAttribute("aria-pressed", b.getAttribute("data-mod") === mod ? "true" : "false");
      });
    }

    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var darts = words(input);
      if (button.hasAttribute("data-mod")) {
        var m = button.getAttribute("data-mod");
        mod = mod === m ? "" : m;
      } else if (button.hasAttribute("data-dart")) {
        if (darts.length >= most) return;
        var key = button.getAttribute("data-dart");
        darts.push(/^\d+$/.test(key) && mod ? mod + key : key);
        mod = "";
        input.value = darts.join(" ");
      } else if (button.classList.contains("dp-undo")) {
        darts.pop();
        mod = "";
        input.value = darts.join(" ");
      }
      show();
    });
    input.addEventListener("input", show);
    pad.hidden = false;
    show();
  }

  function start() {
    document.querySelectorAll(".dartpad[data-pad-for]").forEach(setup);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
