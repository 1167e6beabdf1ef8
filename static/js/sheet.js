// The score sheet: the Print button (a file, not an inline handler: the page's CSP).
// Delegated, so the button still works after live.js has replaced the sheet.
document.addEventListener("click", function (event) {
  if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
});
