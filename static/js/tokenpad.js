/* Kirjuri token pad: a sequence of words entered by tapping them in order.
 *
 * A field the game's schema declares with x-widget "tokens" (the turns of a round
 * of betting: F, C, R1 … R5) is a text input marked data-tokens (what is posted is
 * its text, "C R2 F C R1 C C", which the engine parses) followed by its pad
 * (.tokenpad[data-pad-for=<input id>]): one key per word (data-token), Undo (the
 * last word off) and Clear. The input shows the sequence; typing still works.
 * No framework, no network.
 */
(function () {
  "use strict";
  if (window.kirjuriTokenpad) return; // the partial may be on the page twice
  window.kirjuriTokenpad = true;

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
    var count = pad.querySelector(".tk-count");

    function show() {
      var n = words(input).length;
      count.textContent = interpolate(ngettext("%(n)s entered", "%(n)s entered", n),
        { n: n }, true);
    }

    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var list = words(input);
      if (button.hasAttribute("data-token")) {
        list.push(button.getAttribute("data-token"));
      } else if (button.classList.contains("tk-undo")) {
        list.pop();
      } else if (button.classList.contains("tk-clear")) {
        list = [];
      } else {
        return;
      }
      input.value = list.join(" ");
      input.dispatchEvent(new Event("input", { bubbles: true }));
      show();
    });
    input.addEventListener("input", show);
    pad.hidden = false;
    show();
  }

  function start() {
    document.querySelectorAll(".tokenpad[data-pad-for]").forEach(setup);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
