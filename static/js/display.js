// The display sliders (contrast, grain, colour temperature): applied before first paint from what
// this browser remembered, so pages do not flash; every slider on the page keeps them in sync.
(function () {
  var KEY = "cardavia-display";
  var root = document.documentElement;
  var saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}"); } catch (e) { saved = {}; }

  function apply(name, value) {
    root.style.setProperty("--" + name, value / 100);
  }
  ["contrast", "grain", "warmth"].forEach(function (name) {
    apply(name, name in saved ? saved[name] : 50);
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-display]").forEach(function (input) {
      var name = input.dataset.display;
      if (name in saved) input.value = saved[name];
      input.setAttribute("aria-valuetext", input.value + " %");
      input.addEventListener("input", function () {
        saved[name] = Number(input.value);
        apply(name, input.value);
        input.setAttribute("aria-valuetext", input.value + " %");
        try { localStorage.setItem(KEY, JSON.stringify(saved)); } catch (e) { /* private mode */ }
      });
    });
  });
})();
