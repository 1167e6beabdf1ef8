/* Kirjuri piece picker: tap pieces (Mah Jong tiles …) into the texts of a deal.
 *
 * A field the game's schema declares with x-widget "pieces" is a text input marked
 * data-pieces, whose value is the settings as JSON: {"faces": [[code, copies,
 * group], ...], "groups": [{"label": ...}], "sets": bool}. What is posted is the
 * input's text ("1C 2C 3C, RD RD RD"), which the engine parses. Under each input
 * a pile shows the pieces entered (tap one to take it out) and a button that opens
 * the grid of the set for this field: a tap adds a piece; each shows how many are
 * left over every field of the same set, and a piece the set has no more of is
 * refused. Where "sets" is true, "Next set" puts a comma before the next piece.
 * Typing into the input still works; the pile follows the text.
 * No framework, no network.
 */
(function () {
  "use strict";
  if (window.kirjuriPiecePicker) return; // the partial is on the page once a field
  window.kirjuriPiecePicker = true;

  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (fmt, values) {
    return fmt.replace(/%\((\w+)\)s/g, function (m, key) { return String(values[key]); });
  };

  var grids = {}; // one grid per set (the settings' text)
  var active = null;
  var armed = null; // the shortcut the next tap of a piece makes a set of
  var status = document.createElement("p");
  status.className = "pp-status";
  status.setAttribute("aria-live", "polite");

  function say(text) { status.textContent = text; }

  function settingsOf(input) {
    if (!input.ppSettings) input.ppSettings = JSON.parse(input.getAttribute("data-pieces"));
    return input.ppSettings;
  }

  /* The text as sets of codes: "1C 2C, RD" → [["1C", "2C"], ["RD"]]. */
  function sets(input) {
    return input.value.split(/[,;]/).map(function (part) {
      return part.trim().split(/\s+/).filter(Boolean).map(function (t) { return t.toUpperCase(); });
    });
  }

  function write(input, groups) {
    input.value = groups.map(function (g) { return g.join(" "); }).join(", ")
      .replace(/^, /, "");
  }

  /* The fields that share one set of pieces (the same faces: every player's
   * tiles, melded or in the hand) and so its counts. */
  function facesOf(input) {
    if (!input.ppFaces) input.ppFaces = JSON.stringify(settingsOf(input).faces);
    return input.ppFaces;
  }

  function fields(key) {
    return Array.prototype.filter.call(
      document.querySelectorAll("input[data-pieces]"),
      function (input) { return !input.disabled && facesOf(input) === key; });
  }

  function used(key) {
    var counts = {};
    fields(key).forEach(function (input) {
      sets(input).forEach(function (group) {
        group.forEach(function (code) { counts[code] = (counts[code] || 0) + 1; });
      });
    });
    return counts;
  }

  function fieldLabel(input) {
    var label = document.querySelector('label[for="' + input.id + '"]');
    var text = label ? label.textContent.replace("*", "").trim() : input.name;
    var group = input.closest("fieldset");
    var legend = group && group.querySelector(":scope > legend");
    return legend ? text + " — " + legend.textContent.trim() : text;
  }

  function gridFor(input) {
    var key = input.getAttribute("data-pieces");
    if (grids[key]) return grids[key];
    var settings = settingsOf(input);
    var wrap = document.createElement("div");
    wrap.className = "pp-grid";
    wrap.hidden = true;
    var head = document.createElement("div");
    head.className = "pp-head";
    head.innerHTML = '<span class="pp-target"></span>';
    var done = document.createElement("button");
    done.type = "button";
    done.className = "pp-done";
    done.textContent = gettext("Done");
    done.addEventListener("click", function () { activate(null); });
    head.appendChild(done);
    wrap.appendChild(head);
    if (settings.sets) {
      var next = document.createElement("button");
      next.type = "button";
      next.className = "pp-next-set";
      next.textContent = gettext("Next set");
      next.addEventListener("click", nextSet);
      wrap.appendChild(next);
    }
    if (settings.shortcuts && settings.shortcuts.length) {
      var bar = document.createElement("div");
      bar.className = "pp-shortcuts";
      bar.setAttribute("role", "group");
      bar.setAttribute("aria-label", gettext("A set in one tap"));
      settings.shortcuts.forEach(function (shortcut, index) {
        var key = document.createElement("button");
        key.type = "button";
        key.className = "pp-shortcut";
        key.setAttribute("data-shortcut", String(index));
        key.setAttribute("aria-pressed", "false");
        key.textContent = shortcut.label;
        key.addEventListener("click", function () {
          armed = armed === shortcut ? null : shortcut;
          showArmed();
          if (armed) say(gettext("Now tap the set's first piece."));
        });
        bar.appendChild(key);
      });
      wrap.appendChild(bar);
    }
    var rows = [];
    settings.groups.forEach(function (group, index) {
      var row = document.createElement("div");
      row.className = "pp-group";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", group.label);
      var title = document.createElement("span");
      title.className = "pp-group-label";
      title.textContent = group.label;
      title.setAttribute("aria-hidden", "true");
      row.appendChild(title);
      rows[index] = row;
      wrap.appendChild(row);
    });
    settings.faces.forEach(function (face) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "pp-piece";
      button.setAttribute("data-code", face[0]);
      button.innerHTML = '<span class="pp-face"></span><small class="pp-left"></small>';
      button.querySelector(".pp-face").textContent = face[0];
      button.addEventListener("click", function () { pick(face); });
      rows[face[2]].appendChild(button);
    });
    wrap.ppKey = key;
    grids[key] = wrap;
    return wrap;
  }

  function showArmed() {
    document.querySelectorAll(".pp-shortcut").forEach(function (key) {
      var settings = settingsOf(active || document.querySelector("input[data-pieces]"));
      var mine = settings.shortcuts[parseInt(key.getAttribute("data-shortcut"), 10)];
      key.setAttribute("aria-pressed", armed && mine && mine.label === armed.label &&
        mine.size === armed.size && mine.kind === armed.kind ? "true" : "false");
    });
  }

  /* The faces one tap on ``face`` adds: itself, or the armed shortcut's set. */
  function piecesFor(face, settings) {
    if (!armed) return [face];
    if (armed.kind === "same") {
      var same = [];
      for (var n = 0; n < armed.size; n++) same.push(face);
      return same;
    }
    var group = settings.faces.filter(function (f) { return f[2] === face[2]; });
    var start = group.indexOf(face);
    var run = group.slice(start, start + armed.size);
    return run.length === armed.size ? run : null;
  }

  function pick(face) {
    if (!active) return;
    var key = facesOf(active);
    var settings = settingsOf(active);
    var pieces = piecesFor(face, settings);
    var shortcut = armed;
    armed = null;
    showArmed();
    if (!pieces) {
      say(interpolate(gettext("No %(set)s starts at %(piece)s."),
        { set: shortcut.label, piece: face[0] }, true));
      return;
    }
    var counts = used(key);
    for (var i = 0; i < pieces.length; i++) {
      var code = pieces[i][0];
      counts[code] = (counts[code] || 0) + 1;
      if (counts[code] > pieces[i][1]) {
        say(interpolate(gettext("No %(piece)s left: the set holds %(copies)s."),
          { piece: code, copies: pieces[i][1] }, true));
        return;
      }
    }
    var groups = sets(active);
    var last = groups[groups.length - 1];
    if (shortcut && settings.sets && last.length) {
      groups.push([]);  // a set of its own
      last = groups[groups.length - 1];
    }
    pieces.forEach(function (p) { last.push(p[0]); });
    write(active, groups);
    if (shortcut && settings.sets) active.value += ", ";
    var codes = pieces.map(function (p) { return p[0]; }).join(" ");
    say(interpolate(gettext("%(piece)s added to %(field)s."),
      { piece: codes, field: fieldLabel(active) }, true));
    refresh();
  }

  function nextSet() {
    if (!active) return;
    var groups = sets(active);
    if (groups[groups.length - 1].length) {
      active.value = active.value.trim() + ", ";
      say(gettext("The next tap starts a new set."));
    }
  }

  function removeAt(input, setIndex, index) {
    var groups = sets(input);
    var removed = groups[setIndex].splice(index, 1)[0];
    write(input, groups.filter(function (g, i) { return g.length || i === groups.length - 1; }));
    say(interpolate(gettext("%(piece)s taken out."), { piece: removed }, true));
    refresh();
  }

  function activate(input) {
    if (active) {
      var old = active.closest(".df-field");
      if (old) old.classList.remove("pp-active");
      gridFor(active).hidden = true;
    }
    active = input;
    armed = null;
    if (!input) { say(""); return; }
    var grid = gridFor(input);
    var field = input.closest(".df-field");
    field.classList.add("pp-active");
    field.after(grid);
    grid.hidden = false;
    grid.querySelector(".pp-target").textContent =
      interpolate(gettext("Picking for: %(field)s"), { field: fieldLabel(input) }, true);
    grid.before(status);
    refresh();
  }

  function renderPile(input) {
    var pile = input.ppPile;
    pile.innerHTML = "";
    var groups = sets(input);
    var count = 0;
    groups.forEach(function (group, setIndex) {
      if (setIndex > 0 && group.length) {
        var gap = document.createElement("span");
        gap.className = "pp-set-gap";
        gap.setAttribute("aria-hidden", "true");
        pile.appendChild(gap);
      }
      group.forEach(function (code, index) {
        count += 1;
        var chip = document.createElement("button");
        chip.type = "button";
        chip.className = "pp-chip";
        chip.textContent = code;
        chip.setAttribute("aria-label",
          interpolate(gettext("Take out %(piece)s"), { piece: code }, true));
        chip.addEventListener("click", function (event) {
          event.stopPropagation();
          removeAt(input, setIndex, index);
        });
        pile.appendChild(chip);
      });
    });
    var add = document.createElement("button");
    add.type = "button";
    add.className = "pp-open";
    add.textContent = count ? "+" : gettext("Tap to pick");
    add.setAttribute("aria-label",
      interpolate(gettext("Pick for %(field)s"), { field: fieldLabel(input) }, true));
    add.addEventListener("click", function (event) {
      event.stopPropagation();
      activate(input);
    });
    pile.appendChild(add);
  }

  function refresh() {
    Object.keys(grids).forEach(function (key) {
      var settings = JSON.parse(key);
      var counts = used(JSON.stringify(settings.faces));
      grids[key].querySelectorAll(".pp-piece").forEach(function (button, i) {
        var face = settings.faces[i];
        var left = face[1] - (counts[face[0]] || 0);
        button.querySelector(".pp-left").textContent = String(left);
        button.classList.toggle("none-left", left <= 0);
        button.setAttribute("aria-disabled", left <= 0 ? "true" : "false");
        button.setAttribute("aria-label",
          interpolate(gettext("%(piece)s, %(left)s left"), { piece: face[0], left: left }, true));
      });
    });
    document.querySelectorAll("input[data-pieces][data-pp-ready]").forEach(renderPile);
  }

  function enhance(input) {
    if (input.getAttribute("data-pp-ready")) return;
    input.setAttribute("data-pp-ready", "1");
    var pile = document.createElement("div");
    pile.className = "pp-pile";
    input.ppPile = pile;
    input.after(pile);
    input.addEventListener("input", refresh);
  }

  function init() {
    document.querySelectorAll("input[data-pieces]").forEach(enhance);
    refresh();
  }

  document.addEventListener("dealform:changed", function () {
    if (active && active.disabled) activate(null);
    refresh();
  });
  document.addEventListener("dealform:added", function (event) {
    event.detail.querySelectorAll("input[data-pieces]").forEach(enhance);
    refresh();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
