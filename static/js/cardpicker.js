/* Kirjuri card picker: tap cards into melds and hands.
 *
 * Every card field of the deal form is a text input marked data-cards (what is
 * posted is its text, e.g. "7H 7D 7S Jo", which the engine parses). This script
 * puts a pile under each one: tap a pile to pick for it, tap a card in the deck
 * grid to add it, tap a card in the pile to take it out. The grid shows how many
 * copies of each card are left over all piles of the deal and refuses a card the
 * deck has no more of. The deck comes from the page as JSON:
 *   <script type="application/json" id="deck-cards">
 *     [{"code": "7H", "label": "7♥", "copies": 2, "red": true}, ...]
 * Typing into the input still works; the pile follows the text.
 * No framework, no network.
 */
(function () {
  "use strict";

  // Translations: Django's JavaScript catalogue (base.html loads it first); without
  // it, the English.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (fmt, values) {
    return fmt.replace(/%\((\w+)\)s/g, function (m, key) { return String(values[key]); });
  };

  var deckNode = document.getElementById("deck-cards");
  if (!deckNode) return;
  var deck = JSON.parse(deckNode.textContent);
  var byCode = {};
  deck.forEach(function (card) { byCode[card.code] = card; });

  var SUITS = { "S": "S", "♠": "S", "♤": "S", "H": "H", "♥": "H", "♡": "H",
                "D": "D", "♦": "D", "♢": "D", "C": "C", "♣": "C", "♧": "C" };
  var RANKS = { "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1,
                "10": 1, "J": 1, "Q": 1, "K": 1, "A": 1 };

  /* The canonical code of what people type ("kh", "♥K", "TD", "jk"), or null. */
  function normalize(token) {
    var t = token.trim().toUpperCase();
    if (!t) return null;
    if (t === "JO" || t === "JK" || t === "JOKER" || t === "★") return "Jo";
    var first = t.charAt(0);
    if (SUITS[first] && t.length > 1) t = t.slice(1) + first;
    var suit = SUITS[t.charAt(t.length - 1)];
    var rank = t.slice(0, -1);
    if (rank === "T") rank = "10";
    if (!suit || !RANKS[rank]) return null;
    return rank + suit;
  }

  function tokens(input) {
    return input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  }

  // Shared with the scripts that fill card fields for the picker (cardshortcuts.js).
  window.kirjuriCards = { normalize: normalize, tokens: tokens };

  var form = deckNode.closest("form") || document;
  var active = null;
  var grid = buildGrid();
  var status = document.createElement("p");
  status.className = "cp-status";
  status.setAttribute("aria-live", "polite");

  function fields() {
    return Array.prototype.filter.call(
      form.querySelectorAll("input[data-cards]"),
      function (input) { return !input.disabled; });
  }

  function used() {
    var counts = {};
    fields().forEach(function (input) {
      tokens(input).forEach(function (token) {
        var code = normalize(token);
        if (code) counts[code] = (counts[code] || 0) + 1;
      });
    });
    return counts;
  }

  function fieldLabel(input) {
    var label = form.querySelector('label[for="' + input.id + '"]');
    var text = label ? label.textContent.replace("*", "").trim() : input.name;
    var group = input.closest("fieldset.df-group");
    var outer = group ? group.parentElement.closest("fieldset.df-group") : null;
    var legend = outer && outer.querySelector(":scope > legend");
    return legend ? text + " — " + legend.textContent.trim() : text;
  }

  function buildGrid() {
    var wrap = document.createElement("div");
    wrap.className = "cp-grid";
    wrap.hidden = true;
    var head = document.createElement("div");
    head.className = "cp-head";
    head.innerHTML = '<span class="cp-target"></span>';
    var done = document.createElement("button");
    done.type = "button";
    done.className = "cp-done";
    done.textContent = gettext("Done");
    done.addEventListener("click", function () { activate(null); });
    head.appendChild(done);
    wrap.appendChild(head);
    var groups = {};
    deck.forEach(function (card) {
      var suit = card.code === "Jo" ? "Jo" : card.code.slice(-1);
      if (!groups[suit]) {
        groups[suit] = document.createElement("div");
        groups[suit].className = "cp-suit";
        wrap.appendChild(groups[suit]);
      }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "cp-card" + (card.red ? " red" : "");
      button.setAttribute("data-code", card.code);
      button.innerHTML = '<span class="cp-face"></span><small class="cp-left"></small>';
      button.querySelector(".cp-face").textContent = card.label;
      button.addEventListener("click", function () { pick(card); });
      groups[suit].appendChild(button);
    });
    return wrap;
  }

  function say(text) { status.textContent = text; }

  function pick(card) {
    if (!active) { say(gettext("Tap a meld or a hand first.")); return; }
    var left = card.copies - (used()[card.code] || 0);
    if (left <= 0) {
      say(interpolate(gettext("No %(card)s left: the deck holds %(copies)s."),
        { card: card.label, copies: card.copies }, true));
      return;
    }
    var max = parseInt(active.getAttribute("data-max") || "0", 10);
    var current = tokens(active);
    if (max && current.length >= max) current = current.slice(0, max - 1);
    current.push(card.code);
    active.value = current.join(" ");
    say(interpolate(gettext("%(card)s added to %(field)s."),
      { card: card.label, field: fieldLabel(active) }, true));
    refresh();
  }

  function removeAt(input, index) {
    var current = tokens(input);
    var removed = current.splice(index, 1)[0];
    input.value = current.join(" ");
    var code = normalize(removed || "");
    say(interpolate(gettext("%(card)s taken out."),
      { card: code && byCode[code] ? byCode[code].label : removed }, true));
    refresh();
  }

  function activate(input) {
    if (active) {
      var old = active.closest(".df-field");
      if (old) old.classList.remove("cp-active");
    }
    active = input;
    if (!input) {
      grid.hidden = true;
      say("");
      return;
    }
    var field = input.closest(".df-field");
    field.classList.add("cp-active");
    field.after(grid);
    grid.hidden = false;
    grid.querySelector(".cp-target").textContent =
      interpolate(gettext("Picking for: %(field)s"), { field: fieldLabel(input) }, true);
    grid.before(status);
    refresh();
  }

  function renderPile(input) {
    // The deal form announces its branches (dealform:changed) as soon as it loads,
    // possibly before this script's init: an input may not have its pile yet.
    enhance(input);
    var pile = input.cpPile;
    pile.innerHTML = "";
    var list = tokens(input);
    list.forEach(function (token, index) {
      var code = normalize(token);
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "cp-chip" + (code && byCode[code] && byCode[code].red ? " red" : "")
        + (code && byCode[code] ? "" : " bad");
      chip.textContent = code && byCode[code] ? byCode[code].label : token;
      chip.setAttribute("aria-label",
        interpolate(gettext("Take out %(card)s"), { card: chip.textContent }, true));
      chip.addEventListener("click", function (event) {
        event.stopPropagation();
        removeAt(input, index);
      });
      pile.appendChild(chip);
    });
    var add = document.createElement("button");
    add.type = "button";
    add.className = "cp-open";
    add.textContent = list.length ? "+" : gettext("Tap to pick cards");
    add.setAttribute("aria-label",
      interpolate(gettext("Pick cards for %(field)s"), { field: fieldLabel(input) }, true));
    add.addEventListener("click", function (event) {
      event.stopPropagation();
      activate(input);
    });
    pile.appendChild(add);
  }

  function refresh() {
    var counts = used();
    grid.querySelectorAll(".cp-card").forEach(function (button) {
      var card = byCode[button.getAttribute("data-code")];
      var left = card.copies - (counts[card.code] || 0);
      button.querySelector(".cp-left").textContent = String(left);
      button.classList.toggle("none-left", left <= 0);
      button.setAttribute("aria-disabled", left <= 0 ? "true" : "false");
      button.setAttribute("aria-label",
        interpolate(gettext("%(card)s, %(left)s left"), { card: card.label, left: left }, true));
    });
    fields().forEach(renderPile);
  }

  function enhance(input) {
    if (input.getAttribute("data-cp-ready")) return;
    input.setAttribute("data-cp-ready", "1");
    var pile = document.createElement("div");
    pile.className = "cp-pile";
    input.cpPile = pile;
    pile.addEventListener("click", function () { activate(input); });
    input.after(pile);
    input.addEventListener("input", refresh);
    input.addEventListener("focus", function () { activate(input); });
  }

  function init() {
    form.querySelectorAll("input[data-cards]").forEach(enhance);
    refresh();
  }

  document.addEventListener("dealform:changed", function () {
    if (active && active.disabled) activate(null);
    refresh();
  });
  document.addEventListener("dealform:added", function (event) {
    event.detail.querySelectorAll("input[data-cards]").forEach(enhance);
    refresh();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
