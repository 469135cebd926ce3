// Every page's own controls: the display sliders and the language menu.
//
// The display sliders (contrast, grain, colour temperature): applied before first paint from what
// this browser remembered, so pages do not flash; every slider on the page keeps them in sync, and
// so do other tabs of the site. 50 is neutral; "Reset display" returns all three to 50.
(function () {
  var KEY = "cardavia-display";
  var NAMES = ["contrast", "grain", "warmth"];
  var NEUTRAL = 50;
  var root = document.documentElement;
  var saved = load();

  function load() {
    try {
      var value = JSON.parse(localStorage.getItem(KEY) || "{}");
      return value && typeof value === "object" ? value : {};
    } catch (e) {
      return {};
    }
  }
  function valueOf(name) {
    var v = Number(saved[name]);
    return name in saved && v >= 0 && v <= 100 ? v : NEUTRAL;
  }
  function applyAll() {
    NAMES.forEach(function (name) { root.style.setProperty("--" + name, valueOf(name) / 100); });
  }
  applyAll();

  function show() {
    var changed = false;
    NAMES.forEach(function (name) {
      var v = valueOf(name);
      if (v !== NEUTRAL) changed = true;
      document.querySelectorAll('input[data-display="' + name + '"]').forEach(function (input) {
        input.value = v;
        input.setAttribute("aria-valuetext", v + " %");
      });
      document.querySelectorAll('[data-display-value="' + name + '"]').forEach(function (out) {
        out.textContent = v + " %";
      });
    });
    document.querySelectorAll("[data-display-reset]").forEach(function (button) { button.hidden = !changed; });
  }
  function store() {
    try { localStorage.setItem(KEY, JSON.stringify(saved)); } catch (e) { /* private mode: this page only */ }
  }

  document.addEventListener("DOMContentLoaded", function () {
    show();
    document.querySelectorAll("input[data-display]").forEach(function (input) {
      input.addEventListener("input", function () {
        saved[input.dataset.display] = Number(input.value);
        applyAll();
        show();
        store();
      });
    });
    document.querySelectorAll("[data-display-reset]").forEach(function (button) {
      button.addEventListener("click", function () {
        saved = {};
        applyAll();
        show();
        store();
        var first = document.querySelector("input[data-display]");
        if (first) first.focus();  // the button hides itself: keep the keyboard focus on the sliders
      });
    });
  });
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY) return;
    saved = load();
    applyAll();
    show();
  });
})();

// The language menu switches as soon as another language is chosen (without script: its button).
document.addEventListener("change", function (event) {
  if (event.target.matches("select[data-submit-on-change]")) event.target.form.submit();
});
