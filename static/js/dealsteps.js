/* Kirjuri deal form: card entry one side per step.
 *
 * A deal entered card by card has one group of fields per side (its melds, hands,
 * red threes ...): on a phone, both sides at once is one very long page. This
 * script finds every group whose direct sub-groups (one per side, from the game's
 * per-side declaration) hold card fields, and shows them one side per step: a row
 * of tabs named by the sides, the sides laid side by side in a track that snaps
 * one side to the screen, and a "Next" button at the end of each side but the
 * last. Nothing is hidden from the form: every side's inputs stay in the page and
 * are posted, so a side with an error is simply the step shown first.
 * No framework, no network.
 */
(function () {
  "use strict";

  var gettext = window.gettext || function (s) { return s; };
  var interpolate = window.interpolate || function (fmt, args) {
    return fmt.replace("%s", args[0]);
  };

  function direct(group, selector) {
    return Array.prototype.filter.call(group.children, function (el) {
      return el.matches(selector);
    });
  }

  function stepsOf(group) {
    var sides = direct(group, "fieldset.df-group");
    if (sides.length < 2) return null;
    var withCards = sides.filter(function (side) {
      return side.querySelector("input[data-cards]");
    });
    return withCards.length === sides.length ? sides : null;
  }

  function legendOf(side) {
    var legend = side.querySelector(":scope > legend");
    return legend ? legend.textContent.trim() : side.getAttribute("data-path");
  }

  function build(group, sides) {
    var tabs = document.createElement("div");
    tabs.className = "df-side-steps";
    tabs.setAttribute("role", "tablist");
    var track = document.createElement("div");
    track.className = "df-side-track";
    sides[0].before(tabs);
    tabs.after(track);

    function show(index, scroll) {
      tabs.querySelectorAll("[data-side-step]").forEach(function (tab, i) {
        tab.setAttribute("aria-selected", i === index ? "true" : "false");
      });
      if (scroll) {
        track.scrollTo({ left: sides[index].offsetLeft - track.offsetLeft, behavior: "smooth" });
      }
    }

    sides.forEach(function (side, index) {
      side.classList.add("df-side");
      track.appendChild(side);
      var tab = document.createElement("button");
      tab.type = "button";
      tab.className = "df-side-tab";
      tab.setAttribute("role", "tab");
      tab.setAttribute("data-side-step", side.getAttribute("data-path"));
      tab.textContent = (index + 1) + ". " + legendOf(side);
      tab.addEventListener("click", function () { show(index, true); });
      tabs.appendChild(tab);
      if (index < sides.length - 1) {
        var next = document.createElement("button");
        next.type = "button";
        next.className = "df-side-next";
        next.textContent = interpolate(gettext("Next: %s"), [legendOf(sides[index + 1])]);
        next.addEventListener("click", function () {
          show(index + 1, true);
          tabs.scrollIntoView({ block: "start", behavior: "smooth" });
        });
        side.appendChild(next);
      }
    });

    // Follow a swipe: the tab of the side that fills the track is the selected one.
    var pending = null;
    track.addEventListener("scroll", function () {
      if (pending) return;
      pending = window.requestAnimationFrame(function () {
        pending = null;
        var at = Math.round(track.scrollLeft / Math.max(track.clientWidth, 1));
        show(Math.min(Math.max(at, 0), sides.length - 1), false);
      });
    });
    // Working in a side (the card picker, typing) brings that side into view.
    sides.forEach(function (side, index) {
      side.addEventListener("focusin", function () { show(index, false); });
    });

    var wrong = sides.findIndex(function (side) {
      return side.querySelector(".has-error, .field-error");
    });
    var first = wrong < 0 ? 0 : wrong;
    show(first, false);
    if (first) track.scrollLeft = sides[first].offsetLeft - track.offsetLeft;
  }

  // Moving the sides into the track takes the focus from a field being typed into
  // (the script may run while someone, or a test, already types): give it back,
  // with its selection, so that no keystroke goes to the page instead.
  var focused = document.activeElement;
  var selection = null;
  try {
    selection = focused ? [focused.selectionStart, focused.selectionEnd] : null;
  } catch (e) { selection = null; }  // a control without a text selection

  document.querySelectorAll("form.deal-form fieldset.df-group").forEach(function (group) {
    if (group.closest(".df-side-track")) return;  // a side's own groups
    var sides = stepsOf(group);
    if (sides) build(group, sides);
  });

  if (focused && focused !== document.body && document.activeElement !== focused) {
    focused.focus({ preventScroll: true });
    if (selection && selection[0] !== null) {
      try { focused.setSelectionRange(selection[0], selection[1]); } catch (e) { /* none */ }
    }
  }
})();
