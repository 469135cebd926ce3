// The live table: everything also works with plain forms, this makes it live and comfortable.
// The page keeps one websocket (htmx's ws extension): the server sends the regions of the table that
// changed as out-of-band swaps; the table's forms send their fields over the same socket (ws-send),
// with a `command` saying what they are: a move (a submit), a draft (a change of a card's choice),
// the next deal, a chat line.
// Moves that arrive while another is being shown wait their turn: each is shown ~400 ms, its cards
// flying from the seat that played them (a click or a key shows the rest at once; none of it under
// prefers-reduced-motion or with the setting off). Where passing is the only move, the page passes by
// itself (a setting, on by default) and says so.
(function () {
  var BACKOFF = [250, 500, 1000, 2000];  // reconnect delays, capped: live again within ~2 s of the server
  var MOVE_MS = 400;                     // how long one move is shown before the next one
  var AUTO_PASS_MS = 700;                // how long the page shows a pass-only turn before it passes
  var baseTitle = document.title;
  var myTurn = false;
  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  // --- settings (the settings menu of templates/rooms/room.html), remembered by this browser --------------
  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function store(key, value) {
    try { localStorage.setItem(key, value); } catch (e) { /* private mode: this page only */ }
  }
  function setting(name) {
    var value = stored("cardavia-" + name);
    if (value === "on" || value === "off") return value === "on";
    var box = document.querySelector('input[data-setting="' + name + '"]');
    return box ? box.dataset.default === "on" : false;
  }
  function showSettings() {
    document.querySelectorAll("input[data-setting]").forEach(function (box) { box.checked = setting(box.dataset.setting); });
  }
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.dataset || !box.dataset.setting) return;
    store("cardavia-" + box.dataset.setting, box.checked ? "on" : "off");
    if (box.dataset.setting === "auto-pass") maybeAutoPass();
  });
  function soundOn() { return setting("turn-sound"); }
  function animated() { return !skipping && setting("animate-moves") && !reducedMotion.matches; }

  // --- the side panels: which are open is remembered ---------------------------------------------------
  function showPanels() {
    document.querySelectorAll("details[data-panel]").forEach(function (panel) {
      var value = stored("cardavia-panel-" + panel.dataset.panel);
      if (value === "open") panel.open = true;
      if (value === "closed") panel.open = false;
    });
  }
  document.addEventListener("toggle", function (event) {
    var panel = event.target;
    if (panel.dataset && panel.dataset.panel) store("cardavia-panel-" + panel.dataset.panel, panel.open ? "open" : "closed");
  }, true);

  // --- the chat: lines from the others that come while it is not to be seen are counted ----------------------
  // On a phone the chat is in the drawer (#panels, a popover), on a wide screen in the side panel, which may be
  // folded away: the drawer's button and the chat's own summary then show how many lines came since (and say
  // so in their accessible names), until the chat is shown.
  var unread = 0;
  var lastLine = 0;  // the newest chat line this page has counted
  function chatShown() {
    var panels = document.getElementById("panels"), button = document.querySelector(".panels-button");
    var chat = document.querySelector("details[data-panel=chat]");
    if (!panels || !chat || !chat.open) return false;
    var drawer = button && getComputedStyle(button).display !== "none";
    return !drawer || panels.matches(":popover-open");
  }
  function newestLine() {
    var newest = 0;
    document.querySelectorAll("#chat-lines li[data-line]").forEach(function (line) {
      newest = Math.max(newest, Number(line.dataset.line));
    });
    return newest;
  }
  function chatArrived() {
    var table = document.getElementById("table");
    var mine = table ? table.dataset.seat : "";
    var shown = chatShown();
    document.querySelectorAll("#chat-lines li[data-line]").forEach(function (line) {
      if (Number(line.dataset.line) > lastLine && line.dataset.seat !== mine && !shown) unread += 1;
    });
    lastLine = Math.max(lastLine, newestLine());
    if (shown) unread = 0;
    showUnread();
  }
  function showUnread() {
    var button = document.querySelector(".panels-button");
    var words = "";
    if (button && unread) {
      words = unread === 1 ? button.dataset.unreadOne : button.dataset.unreadMany.replace("{n}", unread);
    }
    document.querySelectorAll(".panels-button, details[data-panel=chat] > summary").forEach(function (label) {
      var badge = label.querySelector(".unread");
      if (!badge) return;
      badge.textContent = unread ? String(unread) : "";
      badge.hidden = !unread;
      label.classList.toggle("has-unread", !!unread);
      // The name it has without the badge, and the count in words: "Log and standings · 2 new messages".
      var plain = label.cloneNode(true);
      plain.querySelector(".unread").remove();
      if (unread) label.setAttribute("aria-label", plain.textContent.trim() + " · " + words);
      else label.removeAttribute("aria-label");
    });
  }
  function chatSeen() {
    if (!unread || !chatShown()) return;
    var chat = document.getElementById("chat");
    if (chat && chat.scrollIntoView) chat.scrollIntoView({ block: "nearest" });
    unread = 0;
    showUnread();
  }
  document.addEventListener("toggle", function (event) {
    var target = event.target;
    if (target.id === "panels" || (target.dataset && target.dataset.panel === "chat")) chatSeen();
  }, true);
  window.addEventListener("resize", chatSeen);
  document.addEventListener("DOMContentLoaded", function () { lastLine = newestLine(); });

  // --- sending: what a form's message is ------------------------------------------------------------
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var params = event.detail.parameters;
    var trigger = event.detail.triggeringEvent;
    if (!("command" in params) && trigger && trigger.target && trigger.target.dataset && trigger.target.dataset.command) {
      params.command = trigger.target.dataset.command;  // e.g. a computer's strength, chosen between deals
    }
    if (!("command" in params)) {
      var submitted = trigger && trigger.type === "submit";
      params.command = submitted && !("select" in params) ? "move" : "draft";
    }
    // Each draft is numbered (increasing across reloads); the server echoes the number of the draft a render
    // shows, so a render of an older draft never undoes a choice made since (see `outdated`).
    if (params.command === "draft") {
      draftSeq = Math.max(draftSeq + 1, Date.now());
      draftDeal = shown()[0];
      params["card-seq"] = String(draftSeq);
    }
  });
  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target.closest && event.target.closest("#chat-form");
    if (form) form.reset();
  });
  // A Tipp is searched by a worker (up to a second): its region says it is busy until the tip or a refusal comes.
  document.addEventListener("click", function (event) {
    var tip = event.target.closest && event.target.closest("#ask-tip") && document.getElementById("tip");
    if (tip) tip.setAttribute("aria-busy", "true");
  });
  function tipAnswered(message) {
    var tip = document.getElementById("tip");
    if (tip && (message.indexOf('id="tip"') >= 0 || message.indexOf('id="status"') >= 0)) tip.removeAttribute("aria-busy");
  }

  // --- Chor Voli: a card moves to a group by a click (the next group), by its list, or by drag and drop ---
  // A click on a card picture steps the card's own <select>, which sends the draft exactly as a keyboard
  // user changing the list would; a drop on a group (or the discard) sets it.
  var dragged = null, justDropped = false;
  function choose(card, choice) {
    var select = document.getElementById("choice-" + card);
    if (!select || select.value === choice) return;
    select.value = choice;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-cycle]");
    if (!button) return;
    if (justDropped) { justDropped = false; return; }
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
  function dropTarget(x, y) {
    var under = document.elementFromPoint(x, y);
    return under && under.closest("[data-drop]");
  }
  function lightUp(target) {
    document.querySelectorAll(".is-drop-target").forEach(function (el) { if (el !== target) el.classList.remove("is-drop-target"); });
    if (target) target.classList.add("is-drop-target");
  }
  document.addEventListener("pointerdown", function (event) {
    var source = event.target.closest && event.target.closest(".arrange-hand .hand-card, .draft-card");
    if (!source || event.button !== 0 || event.target.closest("select")) return;
    dragged = { source: source, card: source.dataset.card, x: event.clientX, y: event.clientY, ghost: null };
  });
  document.addEventListener("pointermove", function (event) {
    if (!dragged) return;
    if (!dragged.ghost) {
      if (Math.abs(event.clientX - dragged.x) + Math.abs(event.clientY - dragged.y) < 8) return;
      var picture = dragged.source.querySelector("img.card");
      dragged.ghost = document.createElement("div");
      dragged.ghost.className = "drag-ghost";
      dragged.ghost.setAttribute("aria-hidden", "true");
      if (picture) dragged.ghost.appendChild(picture.cloneNode(true));
      document.body.appendChild(dragged.ghost);
      dragged.source.classList.add("is-dragged");
    }
    dragged.ghost.style.left = event.clientX + "px";
    dragged.ghost.style.top = event.clientY + "px";
    lightUp(dropTarget(event.clientX, event.clientY));
    event.preventDefault();
  });
  function endDrag(event, drop) {
    if (!dragged) return;
    var was = dragged;
    dragged = null;
    if (!was.ghost) return;  // a click, not a drag
    was.ghost.remove();
    was.source.classList.remove("is-dragged");
    lightUp(null);
    justDropped = true;
    setTimeout(function () { justDropped = false; }, 0);
    var target = drop && dropTarget(event.clientX, event.clientY);
    if (target) choose(was.card, target.dataset.drop);
  }
  document.addEventListener("pointerup", function (event) { endDrag(event, true); });
  document.addEventListener("pointercancel", function (event) { endDrag(event, false); });

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

  // --- receiving: frames in order, each move shown in turn -----------------------------------------------
  var FRESHNESS = /id="freshness"[^>]*data-deal="(\d+)" data-version="(-?\d+)"/;
  var DRAFT = /id="freshness"[^>]*data-draft-seq="(\d+)"/;
  var draftSeq = 0;     // the number of the last draft this page sent
  var draftDeal = 0;    // the deal it was sent in
  var queue = [];       // frames waiting while a move is shown: {message, wrapper, fresh}
  var showing = null;   // the move being shown: {animations, timer}
  var before = null;    // what the page looked like before the frame being applied
  // The seat's own parts (hand, actions) of frames that answer an older draft than this page's last: they
  // would undo the choices made since, so they wait, and go in just before the next frame. A part may be
  // what changed in a region since the frame before (rooms/patches.py), so none is ever left out.
  var held = [];
  var OWN = ["hand", "actions"];
  function own(element) {
    return OWN.indexOf(element.getAttribute("data-of") || element.id) >= 0;
  }
  function swapIn(html) {
    if (html) htmx.swap(document.body, html, { swapStyle: "none", swapDelay: 0, settleDelay: 0 });
  }

  function shown() {
    var table = document.getElementById("table");
    return table ? [Number(table.dataset.deal || 0), Number(table.dataset.version || -1)] : [0, -1];
  }
  function older(a, b) { return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]); }

  // A frame rendered from a draft older than the last one this page sent (the server is still answering an
  // earlier choice): its hand and actions would undo the choices made since, so they are left out. Every
  // frame of a deal says which draft it was rendered from (#freshness), also one that changes nothing of the
  // seat's own: it must not be taken for an answer to the last draft and let the held parts in. A frame of
  // the deal the draft was made in that echoes 0 is outdated too (the server has none of its drafts yet: the
  // first choices after the socket opened); a later deal starts with none.
  function outdated(message) {
    var echoed = DRAFT.exec(message), fresh = FRESHNESS.exec(message);
    return echoed !== null && fresh !== null && Number(fresh[1]) === draftDeal && Number(echoed[1]) < draftSeq;
  }

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = event.detail.message;
    var match = FRESHNESS.exec(message);
    if (message.indexOf('id="table"') >= 0) {
      // The whole table: the truth now; frames still waiting are older than it.
      queue = [];
      held = [];
      stopShowing();
      if (outdated(message) && tableKeepingChoices(message, event.detail.socketWrapper)) {
        event.preventDefault();
        return;
      }
    } else if (match) {
      // Frames of one socket arrive in order; a frame older than the table (a page that reconnected
      // meanwhile) would undo what it shows: drop it and ask for the whole table.
      var incoming = [Number(match[1]), Number(match[2])];
      if (older(incoming, queue.length ? queue[queue.length - 1].fresh : shown())) {
        event.preventDefault();
        event.detail.socketWrapper.send(JSON.stringify({ command: "refresh" }));
        return;
      }
      if (showing || queue.length || outdated(message)) {
        event.preventDefault();
        queue.push({ message: message, wrapper: event.detail.socketWrapper, fresh: incoming });
        if (!showing) next();  // an outdated draft's frame is applied at once, its hand and actions held back
        return;
      }
    }
    if (match) swapIn(held.splice(0).join(""));  // a frame of the deal: what it changed starts from them
    before = look();
  });
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    applied(event.detail.message, event.detail.socketWrapper);
  });

  // What the page shows before a frame: the focus, where each seat and each card of the hand is, and how
  // many copies of each card lie face up in each public region (the new ones are the moves to show).
  function look() {
    var seen = { focused: document.activeElement, places: {}, hand: {}, counts: {} };
    document.querySelectorAll("#table [id^='seat-'], #me").forEach(function (box) {
      seen.places[box.id] = box.getBoundingClientRect();
    });
    document.querySelectorAll("#hand img.card").forEach(function (img) {
      seen.hand[img.currentSrc || img.src] = img.getBoundingClientRect();
    });
    publicCards().forEach(function (img) {
      var key = regionOf(img) + " " + cardKey(img);
      seen.counts[key] = (seen.counts[key] || 0) + 1;
    });
    return seen;
  }
  function publicCards() {
    return Array.prototype.filter.call(document.querySelectorAll("#center img.card, #table [id^='seat-'] img.card"),
      function (img) { return !/\/back\.svg/.test(img.src); });
  }
  function regionOf(img) {
    var region = img.closest("#center, [id^='seat-']");
    return region ? region.id : "";
  }
  function cardKey(img) { return img.getAttribute("src").split("?")[0]; }

  function applied(message, wrapper) {
    var seen = before || look();
    before = null;
    // A later draft than this page's last (the seat's other page, numbered above it by the server: another
    // device's clock may be behind): this page's next draft is numbered above it in turn.
    var echoed = DRAFT.exec(message);
    if (echoed) draftSeq = Math.max(draftSeq, Number(echoed[1]));
    tipAnswered(message);
    chatArrived();
    // A region swapped in replaces the element that had the focus: give it to its successor (same id),
    // so a keyboard player goes on where they were.
    var focused = seen.focused;
    if (focused && focused.id && !document.body.contains(focused)) {
      var successor = document.getElementById(focused.id);
      if (successor) successor.focus({ preventScroll: true });
    }
    var fresh = document.getElementById("freshness");
    var table = document.getElementById("table");
    if (fresh && table) {
      ["deal", "version", "phase", "myTurn"].forEach(function (key) {
        if (fresh.dataset[key] !== undefined) table.dataset[key] = fresh.dataset[key];
      });
      turn(fresh.dataset.myTurn === "true");
    }
    handForTurn();
    if (message.indexOf('id="table"') >= 0) showPanels();
    var pull = document.getElementById("pull");
    if (pull && pull.dataset.after) {
      setTimeout(function () { wrapper.send(JSON.stringify({ command: "refresh" })); }, Number(pull.dataset.after));
      delete pull.dataset.after;
    }
    tick();
    longWait();
    markHint();
    if (FRESHNESS.test(message) && message.indexOf('id="table"') < 0 && animated()) show(message, seen);
    if (!showing) next();
  }

  // The move of a frame: its cards fly from the seat that played them to where they now lie.
  function show(message, seen) {
    var actor = null, line = /<li data-seat="(\d+)" data-event="/g, found;
    while ((found = line.exec(message))) actor = found[1];
    if (actor === null) return;
    var table = document.getElementById("table");
    var mine = table && table.dataset.seat === actor;
    var from = seen.places[mine ? "me" : "seat-" + actor];
    var counts = Object.assign({}, seen.counts), animations = [];
    publicCards().forEach(function (img) {
      var key = regionOf(img) + " " + cardKey(img);
      if (counts[key]) { counts[key] -= 1; return; }
      var start = (mine && seen.hand[img.currentSrc || img.src]) || from;
      var end = img.getBoundingClientRect();
      if (!start || !end.width) return;
      var dx = start.left + start.width / 2 - (end.left + end.width / 2);
      var dy = start.top + start.height / 2 - (end.top + end.height / 2);
      // A copy flies above everything (no scrolling box clips it); the card itself appears when it lands.
      var copy = img.cloneNode();
      copy.removeAttribute("loading");
      copy.className = "flying-card";
      copy.alt = "";
      copy.style.cssText = "left:" + end.left + "px;top:" + end.top + "px;width:" + end.width + "px;height:" + end.height + "px";
      document.body.appendChild(copy);
      img.style.visibility = "hidden";
      var flight = copy.animate([
        { transform: "translate(" + dx + "px, " + dy + "px) scale(.7)", opacity: .6 },
        { transform: "none", opacity: 1 }
      ], { duration: MOVE_MS, easing: "cubic-bezier(.2, .7, .3, 1)" });
      flight.onfinish = flight.oncancel = function () { copy.remove(); img.style.visibility = ""; };
      animations.push(flight);
    });
    var box = document.getElementById(mine ? "me" : "seat-" + actor);
    if (box) box.classList.add("just-moved");
    if (!animations.length) {  // nothing flies (a pass, a confirmation): the next frame may come at once
      if (box) setTimeout(function () { box.classList.remove("just-moved"); }, MOVE_MS);
      return;
    }
    showing = { animations: animations, box: box, timer: setTimeout(done, MOVE_MS) };
  }
  function stopShowing() {
    if (!showing) return;
    clearTimeout(showing.timer);
    showing.animations.forEach(function (flight) { flight.finish(); });
    if (showing.box) showing.box.classList.remove("just-moved");
    showing = null;
  }
  function done() {
    stopShowing();
    next();
  }
  // The next waiting frame, applied as the ws extension would have (every top-level element out of band).
  function next() {
    if (!queue.length) { maybeAutoPass(); return; }
    var frame = queue.shift();
    var holder = document.createElement("template");
    holder.innerHTML = frame.message;
    var stale = outdated(frame.message);
    var html = stale ? "" : held.splice(0).join("");
    Array.prototype.forEach.call(holder.content.children, function (element) {
      if (!element.hasAttribute("hx-swap-oob")) element.setAttribute("hx-swap-oob", "true");
      if (stale && own(element)) held.push(element.outerHTML);
      else html += element.outerHTML;
    });
    before = look();
    swapIn(html);
    applied(frame.message, frame.wrapper);
  }
  // A whole table read before the server had the page's newest draft: one sent as the socket (re)opened, which
  // the server answers after the table, or one lost with a server that died. Its own parts would undo those
  // choices, and the next choice's form would carry them undone (CI: a restart, and Alice's arrangement could
  // not be confirmed). The table goes in with the page's hand and actions kept as they are; the table's wait
  // in `held` like an outdated frame's, and the form is sent again as a draft, whose answer brings them.
  function tableKeepingChoices(message, wrapper) {
    var form = document.getElementById("act");
    var kept = OWN.map(function (id) { return document.getElementById(id); });
    if (!form || kept.indexOf(null) >= 0) return false;
    var holder = document.createElement("template");
    holder.innerHTML = message;
    var theirs = OWN.map(function (id) { return holder.content.querySelector("#" + id); });
    if (theirs.indexOf(null) >= 0) return false;
    theirs.forEach(function (element) {
      var copy = element.cloneNode(true);  // (the table's own stays as it is: htmx swaps nested ones out of band)
      copy.setAttribute("hx-swap-oob", "true");
      held.push(copy.outerHTML);
    });
    var html = "";
    Array.prototype.forEach.call(holder.content.children, function (element) {
      if (!element.hasAttribute("hx-swap-oob")) element.setAttribute("hx-swap-oob", "true");
      html += element.outerHTML;
    });
    before = look();
    swapIn(html);
    OWN.forEach(function (id, index) { document.getElementById(id).replaceWith(kept[index]); });
    applied(message, wrapper);
    form = document.getElementById("act");
    if (form) form.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }
  // A click or a key shows every waiting move at once (next() applies them all while skipping).
  var skipping = false;
  function skip() {
    if (!showing && !queue.length) return;
    skipping = true;
    stopShowing();
    next();
    skipping = false;
  }
  // After the click or key has done its own work: replacing the page under a pressed button would lose the
  // press (the move it makes is the one the person saw; a move on an outdated table is refused as stale).
  function skipSoon() { if (showing || queue.length) setTimeout(skip, 0); }
  document.addEventListener("click", skipSoon, true);
  document.addEventListener("keydown", skipSoon, true);

  // --- passing by itself where passing is the only move ------------------------------------------------
  var autoPassed = null;
  function maybeAutoPass() {
    var button = document.querySelector("#actions [data-auto-pass]");
    var table = document.getElementById("table");
    if (!button || button.disabled || !table || table.dataset.myTurn !== "true" || !setting("auto-pass")) return;
    var decision = document.querySelector("#actions input[name=action_id]");
    var id = decision ? decision.value : table.dataset.version;
    if (id === autoPassed) return;
    autoPassed = id;
    setTimeout(function () {
      if (!document.body.contains(button) || showing || queue.length || !setting("auto-pass")) {
        autoPassed = null;
        return;
      }
      say(button.dataset.autoPass);
      button.click();
    }, AUTO_PASS_MS);
  }
  var noteTimer = null;
  function say(text) {
    var note = document.getElementById("auto-note");
    if (!note || !text) return;
    note.textContent = text;
    note.hidden = false;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(function () { note.hidden = true; }, 4000);
  }

  // --- your turn, even in another tab ------------------------------------------------------------------
  function turn(mine) {
    if (mine && !myTurn && soundOn()) beep();
    myTurn = mine;
    document.title = mine ? "● " + baseTitle : baseTitle;
    var icon = document.querySelector("link[rel=icon]");
    if (icon && icon.dataset.turn) icon.href = mine ? icon.dataset.turn : icon.dataset.idle;
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
  document.addEventListener("DOMContentLoaded", function () {
    showSettings();
    showPanels();
    var fresh = document.getElementById("freshness");
    if (fresh) myTurn = fresh.dataset.myTurn === "true";
    turn(myTurn);
    handForTurn();
    maybeAutoPass();
  });

  // --- a hand whose markup is the same on the seat's turn and off it: its fieldsets can be used only on the
  // seat's turn (fieldset[data-turn-only]: Chuo Pai) or in one phase of it (fieldset[data-turn-phase=discard]:
  // Kowah); in #hand[data-dim-by=plays] the cards in none of the plays #actions names are dimmed -----------
  function handForTurn() {
    var hand = document.getElementById("hand");
    if (!hand) return;
    var table = document.getElementById("table");
    var mine = !!table && table.dataset.myTurn === "true";
    hand.querySelectorAll("fieldset[data-turn-only], fieldset[data-turn-phase]").forEach(function (fields) {
      var phase = fields.dataset.turnPhase;
      fields.disabled = !mine || (phase !== undefined && phase !== table.dataset.phase);
    });
    if (hand.dataset.dimBy !== "plays") return;
    var named = mine ? document.querySelector("#actions [data-plays]") : null;
    var playable = {};
    if (named) named.dataset.plays.split(/[ +]/).forEach(function (code) { playable[code] = true; });
    hand.querySelectorAll(".pick-input[data-code]").forEach(function (box) {
      box.closest(".pick-wrap").classList.toggle("is-unplayable", !!named && !playable[box.dataset.code]);
    });
  }
  document.addEventListener("htmx:load", handForTurn);

  // --- the turn clock: the server decides, the page counts down -------------------------------------------
  // Deadlines and waits are times of the server's clock; a device's may be minutes off, so the page counts by
  // the server's, as the last frame's #freshness[data-now] told it (the frame's way here makes it lag a little).
  var clockOffset = 0, clockSeen = null;
  function serverNow() {
    var fresh = document.getElementById("freshness");
    if (fresh && fresh.dataset.now && fresh.dataset.now !== clockSeen) {
      clockSeen = fresh.dataset.now;
      clockOffset = Number(clockSeen) - Date.now() / 1000;
    }
    return Date.now() / 1000 + clockOffset;
  }
  function tick() {
    var now = serverNow();
    document.querySelectorAll(".clock[data-deadline]").forEach(function (clock) {
      var left = Math.max(0, Math.ceil(Number(clock.dataset.deadline) - now));
      var text = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (clock.textContent !== text) clock.textContent = text;
      clock.classList.toggle("is-urgent", left <= 10);
    });
  }
  setInterval(tick, 500);
  document.addEventListener("DOMContentLoaded", tick);

  // --- a person keeps a room without a clock waiting: after a minute the others read for how long (counted
  // here from #freshness[data-since], since when each seat's decision waits, so the server renders nothing
  // per minute), and the room's creator gets the buttons that let a computer play the seats waited for
  // (rooms/_long_wait.html) ----------------------------------------------------------------------------------
  function seatBox(index) {  // the seat's labelled box: the region itself, or inside it (Chắn, Kowah: beside its front)
    var region = document.getElementById("seat-" + index);
    return region && (region.matches(".seat") ? region : region.querySelector(".seat"));
  }
  function longWait() {
    var note = document.querySelector("[data-long-wait]");
    var fresh = document.getElementById("freshness");
    if (!note || !fresh) return;
    var since = {};  // seat -> Unix seconds
    (fresh.dataset.since || "").split(" ").forEach(function (pair) {
      var parts = pair.split(":");
      if (parts.length === 2) since[parts[0]] = Number(parts[1]);
    });
    var now = serverNow(), minutes = Infinity;
    var waited = [];  // seats of people who must act, a minute or more (a computer's and a stand-in's box is .is-computer)
    if (fresh.dataset.myTurn !== "true") {
      (fresh.dataset.acting || "").split(" ").forEach(function (index) {
        var box = index && seatBox(index);
        var waiting = since[index] ? Math.floor((now - since[index]) / 60) : 0;
        if (!box || box.classList.contains("is-computer") || waiting < 1) return;
        waited.push(index);
        minutes = Math.min(minutes, waiting);  // "for N min." holds for every seat named
      });
    }
    note.hidden = !waited.length;
    var line = note.querySelector(".long-wait-text");
    var names = waited.map(function (index) { return seatBox(index).getAttribute("aria-label"); });
    // a hidden note keeps no text: the page then reads as a fresh one does once the wait is over
    var text = note.hidden ? "" : note.dataset.text.replace("{names}", names.join(", ")).replace("{minutes}", String(minutes));
    if (line.textContent !== text) line.textContent = text;
    if (note.hidden) return;
    note.querySelectorAll("button[data-seat]").forEach(function (button) {
      button.hidden = waited.indexOf(button.dataset.seat) < 0;
    });
    var help = note.querySelector(".long-wait-help");  // no help to point to when the creator is the one waited for
    if (help) help.hidden = waited.every(function (index) { return index === note.dataset.creatorSeat; });
  }
  setInterval(longWait, 10000);
  document.addEventListener("DOMContentLoaded", longWait);

  // --- the "Tipp": the button of the hinted move is marked (a choice of cards comes ticked from the server) ---
  function canonical(value) {
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (key) {
        return JSON.stringify(key) + ":" + canonical(value[key]);
      }).join(",") + "}";
    }
    return JSON.stringify(value);
  }
  function markHint() {
    var tip = document.querySelector("[data-hint-action]");
    var hinted = tip ? tip.dataset.hintAction : null;
    var type = hinted ? JSON.parse(hinted).type : null;
    // a button named "action" makes the action its value says; one named "intent", or Chor Voli's confirmation
    // (`data-hint-type`: the form's own fields, as the Tipp laid them), an action of its type
    document.querySelectorAll("#act button[name=action], #act button[name=intent], #act button[data-hint-type]").forEach(function (button) {
      var match = false;
      if (hinted && button.dataset.hintType) match = button.dataset.hintType === type;
      else if (hinted && button.name === "intent") match = button.value === type;
      else if (hinted) { try { match = canonical(JSON.parse(button.value)) === hinted; } catch (e) { match = false; } }
      button.classList.toggle("is-hinted", match);
    });
  }
  document.addEventListener("htmx:load", markHint);

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
