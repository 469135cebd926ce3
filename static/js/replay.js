// A replay steps with the arrow keys: ← back, → forward. Every step is also a plain link (and an htmx
// request that swaps only the step), so the page works without this file.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
  var rel = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
  var link = rel && document.querySelector('#replay-step a[data-step="' + rel + '"]');
  if (!link) return;
  event.preventDefault();
  link.click();
});

// After a step is swapped in, keyboard focus returns to the control that was used (it was replaced).
document.addEventListener("htmx:afterSwap", function (event) {
  var used = event.detail.requestConfig && event.detail.requestConfig.elt;
  var rel = used && used.dataset ? used.dataset.step : null;
  if (!rel || document.activeElement !== document.body) return;
  var again = document.querySelector('#replay-step [data-step="' + rel + '"]');
  if (again) again.focus();
});
