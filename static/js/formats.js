// The director's format forms: show only the chosen format's settings (the others
// are disabled, so they are not posted), and let a ticked standings metric move up.
(function () {
  // Translations: Django's JavaScript catalogue (base.html loads it first); without
  // it, the English.
  var gettext = window.gettext || function (text) { return text; };
  document.querySelectorAll("[data-format-select]").forEach(function (select) {
    var form = select.form;
    function show() {
      form.querySelectorAll(".format-settings").forEach(function (box) {
        var chosen = box.dataset.format === select.value;
        box.hidden = !chosen;
        box.disabled = !chosen;
      });
    }
    select.addEventListener("change", show);
    show();
  });
  document.querySelectorAll("[data-metric-list] li").forEach(function (item) {
    var up = document.createElement("button");
    up.type = "button";
    up.className = "move-up";
    up.textContent = "↑";
    up.setAttribute("aria-label", gettext("Move up"));
    up.addEventListener("click", function () {
      var before = item.previousElementSibling;
      if (before) { item.parentNode.insertBefore(item, before); }
      item.querySelector("input").focus();
    });
    item.appendChild(up);
  });
})();
