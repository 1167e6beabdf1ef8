// The score sheet: the Print button (a file, not an inline handler: the page's CSP).
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
