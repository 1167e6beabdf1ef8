/* Kirjuri card shortcuts: fill a card field in one tap, as the game declares.
 *
 * A card field whose game declares shortcuts (games/engine/inputs.py,
 * x-card-shortcuts) carries them, labels translated (scoring/deal_forms/cards.py):
 *   <input data-cards data-card-shortcuts='[{"kind": "same_rank",
 *     "label": "Natural canasta", "size": 7, "ranks": ["4", ..., "A"]}]'>
 * While the card picker (cardpicker.js) is open on such a field, a button per
 * shortcut heads the picker's grid. "Natural canasta" opens the ranks, one button
 * each with how many cards of that rank the deck still has; tapping a rank fills
 * the field with `size` cards of it. The suits are taken one card at a time from
 * the suit with the most copies left, counted as the picker counts them (over
 * every card field of the deal; the field's own cards are given back first, as
 * they are replaced), so the shortcut never takes a card the deck has no more of.
 * Too few left: refused with a message, the field untouched. An `input` event
 * then tells the picker, whose pile and counts follow.
 *
 * The picker is not called into: this script watches its DOM (the grid shown,
 * the field marked cp-active). No framework, no network.
 */
(function () {
  "use strict";

  var gettext = window.gettext || function (s) { return s; };
  var interpolate = window.interpolate || function (fmt, values) {
    return fmt.replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
  };

  var deckNode = document.getElementById("deck-cards");
  if (!deckNode) return;
  var deck = JSON.parse(deckNode.textContent);
  var byCode = {};
  deck.forEach(function (card) { byCode[card.code] = card; });
  var form = deckNode.closest("form") || document;

  // The picker's reading of what people type (cardpicker.js, loaded first).
  var reading = window.kirjuriCards;
  if (!reading) return;
  var normalize = reading.normalize;
  var tokens = reading.tokens;

  /* Copies of each card still in the deck, not counting `except`'s cards. */
  function left(except) {
    var counts = {};
    deck.forEach(function (card) { counts[card.code] = card.copies; });
    form.querySelectorAll("input[data-cards]").forEach(function (input) {
      if (input.disabled || input === except) return;
      tokens(input).forEach(function (token) {
        var code = normalize(token);
        if (code && code in counts) counts[code] -= 1;
      });
    });
    return counts;
  }

  /* The deck's cards of `rank` (never a joker), in the deck's suit order. */
  function ofRank(rank) {
    return deck.filter(function (card) {
      return card.code !== "Jo" && card.code.slice(0, -1) === rank;
    });
  }

  function leftOfRank(rank, counts) {
    return ofRank(rank).reduce(function (sum, card) {
      return sum + Math.max(0, counts[card.code] || 0);
    }, 0);
  }

  /* `size` cards of `rank`: each from the suit with the most left (the first in
   * suit order on a tie), so the suits stay even; null when too few are left. */
  function choose(rank, size, counts) {
    var cards = ofRank(rank);
    var pool = cards.map(function (card) { return Math.max(0, counts[card.code] || 0); });
    var taken = cards.map(function () { return 0; });
    for (var n = 0; n < size; n++) {
      var best = -1;
      pool.forEach(function (count, i) {
        if (count > 0 && (best < 0 || count > pool[best])) best = i;
      });
      if (best < 0) return null;
      pool[best] -= 1;
      taken[best] += 1;
    }
    var picks = [];
    cards.forEach(function (card, i) {
      for (var k = 0; k < taken[i]; k++) picks.push(card.code);
    });
    return picks;
  }

  function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
  }

  function setAttr(node, name, value) {
    if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  }

  var bar = document.createElement("div");
  bar.className = "cs-bar";
  var buttons = document.createElement("div");
  buttons.className = "cs-shortcuts";
  var ranks = document.createElement("div");
  ranks.className = "cs-ranks";
  ranks.hidden = true;
  var status = document.createElement("p");
  status.className = "cs-status";
  status.setAttribute("aria-live", "polite");
  bar.appendChild(buttons);
  bar.appendChild(ranks);
  bar.appendChild(status);

  var shownFor = null; // the input whose shortcuts the bar shows
  var opened = null; // the shortcut whose ranks are shown

  function shortcutsOf(input) {
    try {
      return JSON.parse(input.getAttribute("data-card-shortcuts") || "[]")
        .filter(function (s) { return s.kind === "same_rank"; });
    } catch (e) {
      return [];
    }
  }

  function activeInput() {
    var grid = document.querySelector(".cp-grid");
    if (!grid || grid.hidden) return null;
    var input = form.querySelector(".df-field.cp-active input[data-card-shortcuts]");
    return input && !input.disabled ? input : null;
  }

  function build(input) {
    shownFor = input;
    opened = null;
    buttons.innerHTML = "";
    ranks.innerHTML = "";
    ranks.hidden = true;
    status.textContent = "";
    shortcutsOf(input).forEach(function (shortcut) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "cs-shortcut";
      button.textContent = shortcut.label;
      button.setAttribute("aria-expanded", "false");
      button.addEventListener("click", function () {
        var open = opened !== shortcut;
        buttons.querySelectorAll(".cs-shortcut").forEach(function (b) {
          b.setAttribute("aria-expanded", "false");
        });
        button.setAttribute("aria-expanded", open ? "true" : "false");
        openRanks(open ? shortcut : null);
      });
      buttons.appendChild(button);
    });
  }

  function openRanks(shortcut) {
    opened = shortcut;
    ranks.innerHTML = "";
    ranks.hidden = !shortcut;
    status.textContent = "";
    if (!shortcut) return;
    shortcut.ranks.forEach(function (rank) {
      if (!ofRank(rank).length) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "cs-rank";
      button.setAttribute("data-rank", rank);
      button.innerHTML = '<span class="cs-face"></span><small class="cs-left"></small>';
      button.querySelector(".cs-face").textContent = rank;
      button.addEventListener("click", function () { fill(shortcut, rank); });
      ranks.appendChild(button);
    });
    counts();
  }

  /* Keep the ranks' counts with the deck (the picker may have added a card). */
  function counts() {
    if (!opened || !shownFor) return;
    var remaining = left(shownFor);
    ranks.querySelectorAll(".cs-rank").forEach(function (button) {
      var rank = button.getAttribute("data-rank");
      var n = leftOfRank(rank, remaining);
      setText(button.querySelector(".cs-left"), String(n));
      var short = n < opened.size;
      button.classList.toggle("too-few", short);
      setAttr(button, "aria-disabled", short ? "true" : "false");
      setAttr(button, "aria-label", interpolate(gettext("%(rank)s, %(left)s left"),
        { rank: rank, left: n }, true));
    });
  }

  function fill(shortcut, rank) {
    var input = shownFor;
    if (!input) return;
    var remaining = left(input);
    var picks = choose(rank, shortcut.size, remaining);
    if (!picks) {
      status.classList.add("cs-refused");
      status.textContent = interpolate(
        gettext("%(shortcut)s: only %(left)s × %(rank)s left in the deck, %(size)s needed."),
        { shortcut: shortcut.label, left: leftOfRank(rank, remaining), rank: rank,
          size: shortcut.size }, true);
      return;
    }
    input.value = picks.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    buttons.querySelectorAll(".cs-shortcut").forEach(function (b) {
      b.setAttribute("aria-expanded", "false");
    });
    openRanks(null);
    status.classList.remove("cs-refused");
    status.textContent = interpolate(gettext("%(shortcut)s: %(cards)s"), {
      shortcut: shortcut.label,
      cards: picks.map(function (code) { return byCode[code].label; }).join(" "),
    }, true);
  }

  /* Show the bar in the open grid while its field declares shortcuts. */
  function sync() {
    var input = activeInput();
    if (!input) {
      if (bar.parentNode) bar.remove();
      shownFor = null;
      return;
    }
    if (input !== shownFor) build(input);
    var grid = document.querySelector(".cp-grid");
    var head = grid.querySelector(".cp-head");
    if (bar.parentNode !== grid || bar.previousElementSibling !== head) {
      if (head) head.after(bar);
      else grid.prepend(bar);
    }
    counts();
  }

  // The picker shows, moves and hides its grid, marks the active field and
  // rewrites its counts: each is a change of the DOM. Changes inside the bar
  // itself are this script's own.
  var observer = new MutationObserver(function (records) {
    var outside = records.some(function (record) { return !bar.contains(record.target); });
    if (outside) sync();
  });
  function init() {
    observer.observe(document.body, {
      subtree: true, childList: true, attributes: true,
      attributeFilter: ["class", "hidden", "disabled"],
    });
    form.addEventListener("input", function (event) {
      if (event.target.matches && event.target.matches("input[data-cards]")) counts();
    });
    sync();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
