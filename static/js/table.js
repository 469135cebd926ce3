// Small comforts on the card table; everything also works with the plain form controls.
// A click on a card picture moves the card to the next group: it steps the card's own <select>
// and lets htmx post the draft, exactly as a keyboard user changing the list would.
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-cycle]");
  if (!button) return;
  var select = document.getElementById(button.dataset.cycle);
  if (!select) return;
  select.selectedIndex = (select.selectedIndex + 1) % select.options.length;
  select.dispatchEvent(new Event("change", { bubbles: true }));
});

// The invite link: copy it, or hand it to the system's share sheet where there is one.
document.addEventListener("click", function (event) {
  var copy = event.target.closest("[data-copy-invite]");
  var share = event.target.closest("[data-share-invite]");
  if (!copy && !share) return;
  var link = (copy || share).closest(".invite").querySelector("[data-invite]");
  var url = new URL(link.getAttribute("href"), location.href).href;
  if (share) { navigator.share({ url: url }); return; }
  navigator.clipboard.writeText(url).then(function () { copy.textContent = copy.dataset.done || "✓"; });
});
document.addEventListener("htmx:load", function () {
  if (!navigator.share) return;
  document.querySelectorAll("[data-share-invite]").forEach(function (b) { b.hidden = false; });
});

// A websocket render may have been made before something this page already shows: before another
// move (an older deal version) or before this seat's latest pick was saved (an older draft revision).
// Such a render is dropped. A render that arrives while a request from the table is under way is
// dropped too (replacing #table would leave that request's answer nowhere to go), and a fresh one is
// asked for as soon as the page is idle again.
var refreshWanted = null;

function tableBusy() {
  return document.querySelector("#table.htmx-request, #table .htmx-request") !== null;
}

document.addEventListener("htmx:wsBeforeMessage", function (event) {
  var current = document.getElementById("freshness");
  var incoming = /id="freshness"[^>]*data-version="(-?\d+)" data-draft="(\d+)"/.exec(event.detail.message);
  if (!current || !incoming) return;
  if (Number(incoming[1]) < Number(current.dataset.version) || Number(incoming[2]) < Number(current.dataset.draft)) {
    event.preventDefault();
  } else if (tableBusy()) {
    refreshWanted = event.detail.socketWrapper;
    event.preventDefault();
  }
});

document.addEventListener("htmx:afterRequest", function () {
  if (refreshWanted && !tableBusy()) {
    refreshWanted.send(JSON.stringify({ refresh: true }));
    refreshWanted = null;
  }
});
