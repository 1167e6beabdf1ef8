/* The tap grid of a board field (scoring/deal_forms/grid.py): one button per point,
 * a palette of the declared symbols; tapping a point puts the chosen symbol on it
 * (or empties it if it holds that symbol already). The text box beside it holds the
 * board as the engine reads it — rows from the top, separated by "/" — and the two
 * follow each other: typing or pasting a board redraws the grid.
 *
 * Shapes: "square" (Go), "rhombus" (Hex: each row half a point right of the one
 * above), "triangle" (Y: row r holds r + 1 points, centred). The size is declared
 * or read from a sibling field (size_field), and the grid is redrawn when it changes.
 * No inline code or style attributes (the CSP): sizes are set through the DOM.
 */
(function () {
  "use strict";
  if (window.kirjuriBoardGrid) return; // the partial may be included more than once
  window.kirjuriBoardGrid = true;

  function rowLengths(shape, size) {
    var rows = [];
    for (var r = 0; r < size; r++) rows.push(shape === "triangle" ? r + 1 : size);
    return rows;
  }

  function pointName(r, c) {
    return String.fromCharCode(97 + c) + (r + 1);
  }

  function setUp(widget) {
    var settings = JSON.parse(widget.getAttribute("data-grid"));
    var symbols = settings.symbols.map(function (s) { return s.symbol; });
    var text = widget.querySelector(".bg-text");
    var board = widget.querySelector(".bg-board");
    var palette = widget.querySelector(".bg-palette");
    var form = widget.closest("form") || document;
    var sizeInput = settings.size_field
      ? form.querySelector('[name="' + settings.size_field + '"]')
      : null;
    var chosen = symbols.length > 1 ? 1 : 0;
    var cells = [];

    function size() {
      var n = sizeInput ? parseInt(sizeInput.value, 10) : settings.size;
      if (n > 0 && n <= 26) return n;
      // No size given: the rows of the board typed in, else the declared default.
      var rows = text.value.trim().split(/[\s\/]+/).filter(Boolean);
      return rows.length > 1 && rows.length <= 26
        ? rows.length : settings.size || settings.default_size || 9;
    }

    function readText(count) {
      var flat = text.value.toLowerCase().replace(/[\s\/]+/g, "");
      if (flat.length !== count) return null;
      for (var i = 0; i < flat.length; i++) {
        if (symbols.indexOf(flat[i]) < 0) return null;
      }
      return flat.split("");
    }

    function writeText() {
      var rows = [], start = 0;
      rowLengths(settings.shape, size()).forEach(function (length) {
        rows.push(cells.slice(start, start + length).join(""));
        start += length;
      });
      text.value = rows.join("/");
      text.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function paint(button, symbol) {
      var k = symbols.indexOf(symbol);
      button.className = "bg-point bg-s" + k;
      button.style.background = settings.symbols[k].colour || "";
      button.setAttribute(
        "aria-label",
        button.getAttribute("data-name") + ": " + settings.symbols[k].label
      );
    }

    function draw() {
      var n = size();
      var lengths = rowLengths(settings.shape, n);
      var count = lengths.reduce(function (a, b) { return a + b; }, 0);
      cells = readText(count) || new Array(count).fill(symbols[0]);
      var span = settings.shape === "rhombus" ? n + (n - 1) / 2 : n;
      var width = board.clientWidth || widget.clientWidth || 320;
      var cell = Math.max(14, Math.min(40, Math.floor(width / span)));
      board.textContent = "";
      var index = 0;
      lengths.forEach(function (length, r) {
        var row = document.createElement("div");
        row.className = "bg-row";
        var shift = settings.shape === "rhombus" ? r / 2
          : settings.shape === "triangle" ? (n - 1 - r) / 2 : 0;
        row.style.marginLeft = shift * cell + "px";
        for (var c = 0; c < length; c++) {
          var button = document.createElement("button");
          button.type = "button";
          button.setAttribute("data-i", String(index));
          button.setAttribute("data-name", pointName(r, c));
          button.style.width = cell + "px";
          button.style.height = cell + "px";
          paint(button, cells[index]);
          row.appendChild(button);
          index++;
        }
        board.appendChild(row);
      });
    }

    settings.symbols.forEach(function (s, k) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "bg-pick bg-s" + k;
      button.textContent = s.label;
      if (s.colour) button.style.borderLeft = "1.2rem solid " + s.colour;
      button.setAttribute("data-symbol", s.symbol);
      button.setAttribute("aria-pressed", String(k === chosen));
      button.addEventListener("click", function () {
        chosen = k;
        palette.querySelectorAll(".bg-pick").forEach(function (b, j) {
          b.setAttribute("aria-pressed", String(j === k));
        });
      });
      palette.appendChild(button);
    });

    board.addEventListener("click", function (event) {
      var button = event.target.closest(".bg-point");
      if (!button) return;
      var i = parseInt(button.getAttribute("data-i"), 10);
      cells[i] = cells[i] === symbols[chosen] ? symbols[0] : symbols[chosen];
      paint(button, cells[i]);
      writeText();
    });
    text.addEventListener("input", draw);
    if (sizeInput) sizeInput.addEventListener("input", draw);
    var details = widget.querySelector("details");
    if (details) details.addEventListener("toggle", draw);
    draw();
  }

  function start() {
    document.querySelectorAll(".board-grid").forEach(setUp);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
