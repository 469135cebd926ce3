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
