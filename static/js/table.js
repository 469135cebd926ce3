// The live table: everything also works with plain forms, this makes it live and comfortable.
// The page keeps one websocket (htmx's ws extension): the server sends the regions of the table that
// changed as out-of-band swaps; the table's forms send their fields over the same socket (ws-send),
// with a `command` saying what they are: a move (a submit), a draft (a change of a card's choice),
// the next deal, a chat line.
(function () {
  var BACKOFF = [250, 500, 1000, 2000];  // reconnect delays, capped: live again within ~2 s of the server
  var baseTitle = document.title;
  var myTurn = false;

  // --- sending: what a form's message is ------------------------------------------------------------
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var params = event.detail.parameters;
    var trigger = event.detail.triggeringEvent;
    if (!("command" in params)) {
      var submitted = trigger && trigger.type === "submit";
      params.command = submitted && !("select" in params) ? "move" : "draft";
    }
  });
  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target.closest && event.target.closest("#chat-form");
    if (form) form.reset();
  });

  // A click on a card picture moves the card to the next group: it steps the card's own <select>,
  // which sends the draft exactly as a keyboard user changing the list would.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-cycle]");
    if (!button) return;
    var select = document.getElementById(button.dataset.cycle);
    if (!select) return;
    select.selectedIndex = (select.selectedIndex + 1) % select.options.length;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  // The card shows its new group at once; the server's groups and reasons follow.
  document.addEventListener("change", function (event) {
    var select = event.target;
    var card = select.closest && select.closest(".hand-card");
    if (!card || select.tagName !== "SELECT") return;
    card.className = card.className.replace(/\bgroup-\S+/, "group-" + select.value);
  });

  // --- the connection ---------------------------------------------------------------------------------
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retry) {
      return BACKOFF[Math.min(retry, BACKOFF.length - 1)] * (0.75 + Math.random() / 2);
    };
  }
  var retries = 0;

  function setOnline(online) {
    var banner = document.getElementById("connection");
    if (banner) banner.hidden = online;
    document.querySelectorAll("fieldset.live").forEach(function (fields) { fields.disabled = !online; });
    var room = document.querySelector(".room");
    if (room) room.classList.toggle("is-offline", !online);
  }

  document.addEventListener("htmx:wsOpen", function () {
    retries = 0;
    setOnline(true);
  });
  document.addEventListener("htmx:wsClose", function (event) {
    setOnline(false);
    var code = event.detail.event.code;
    // htmx reconnects after abnormal closes itself; a clean close of a restarting server is not one
    // of those, but the page wants its table back all the same. 4xxx: the server meant it (no room).
    if ([1006, 1011, 1012, 1013].indexOf(code) < 0 && code < 4000) {
      var delay = htmx.config.wsReconnectDelay(retries++);
      setTimeout(function () { event.detail.socketWrapper.reconnect(); }, delay);
    }
  });

  // --- receiving -------------------------------------------------------------------------------------
  function shown() {
    var table = document.getElementById("table");
    return table ? [Number(table.dataset.deal || 0), Number(table.dataset.version || -1)] : [0, -1];
  }

  // A region swapped in replaces the element that had the focus: give it to its successor (same id),
  // so a keyboard player goes on where they were.
  var focused = null;
  document.addEventListener("htmx:wsBeforeMessage", function () { focused = document.activeElement; });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (!focused || !focused.id || document.body.contains(focused)) return;
    var successor = document.getElementById(focused.id);
    if (successor) successor.focus({ preventScroll: true });
  });

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    // Frames of one socket arrive in order; a frame older than the table (a page that reconnected
    // meanwhile) would undo what it shows: drop it and ask for the whole table.
    var incoming = /id="freshness"[^>]*data-deal="(\d+)" data-version="(-?\d+)"/.exec(event.detail.message);
    if (!incoming || event.detail.message.indexOf('id="table"') >= 0) return;
    var now = shown();
    var deal = Number(incoming[1]), version = Number(incoming[2]);
    if (deal < now[0] || (deal === now[0] && version < now[1])) {
      event.preventDefault();
      event.detail.socketWrapper.send(JSON.stringify({ command: "refresh" }));
    }
  });

  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var fresh = document.getElementById("freshness");
    var table = document.getElementById("table");
    if (fresh && table) {
      ["deal", "version", "phase", "myTurn"].forEach(function (key) {
        if (fresh.dataset[key] !== undefined) table.dataset[key] = fresh.dataset[key];
      });
      turn(fresh.dataset.myTurn === "true");
    }
    var box = document.getElementById("turn-sound");
    if (box) box.checked = soundOn();
    var pull = document.getElementById("pull");
    if (pull && pull.dataset.after) {
      var wrapper = event.detail.socketWrapper;
      setTimeout(function () { wrapper.send(JSON.stringify({ command: "refresh" })); }, Number(pull.dataset.after));
      delete pull.dataset.after;
    }
    tick();
  });

  // --- your turn, even in another tab ------------------------------------------------------------------
  function turn(mine) {
    if (mine && !myTurn && soundOn()) beep();
    myTurn = mine;
    document.title = mine ? "● " + baseTitle : baseTitle;
    var icon = document.querySelector("link[rel=icon]");
    if (icon && icon.dataset.turn) icon.href = mine ? icon.dataset.turn : icon.dataset.idle;
  }
  function soundOn() {
    try { return localStorage.getItem("cardavia-turn-sound") === "on"; } catch (e) { return false; }
  }
  function beep() {
    try {
      var audio = new (window.AudioContext || window.webkitAudioContext)();
      var tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    } catch (e) { /* no audio here */ }
  }
  document.addEventListener("change", function (event) {
    if (event.target.id !== "turn-sound") return;
    try { localStorage.setItem("cardavia-turn-sound", event.target.checked ? "on" : "off"); } catch (e) { /* private mode */ }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("turn-sound");
    if (box) box.checked = soundOn();
    var fresh = document.getElementById("freshness");
    if (fresh) myTurn = fresh.dataset.myTurn === "true";
    turn(myTurn);
  });

  // --- the turn clock: the server decides, the page counts down -------------------------------------------
  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll(".clock[data-deadline]").forEach(function (clock) {
      var left = Math.max(0, Math.ceil(Number(clock.dataset.deadline) - now));
      var text = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (clock.textContent !== text) clock.textContent = text;
      clock.classList.toggle("is-urgent", left <= 10);
    });
  }
  setInterval(tick, 500);
  document.addEventListener("DOMContentLoaded", tick);

  // --- the invite link: copy it, or hand it to the system's share sheet where there is one ----------------
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
})();
