"use strict";
// rawdeal's replay and divergence page. The data holds tables once and, per step, only what changed;
// each step is filled forward from the one before it, and only the step on screen is drawn.
(function () {
  var D = JSON.parse(document.getElementById("data").textContent);
  var W = D.words, C = D.cards, S = [], prev = {};
  var ZONES = ["h0", "h1", "r0", "r1", "s0", "s1"];
  function edited(old, e) {  // [kept from the start, kept from the end, cards between]
    return old.slice(0, e[0]).concat(e.slice(2), e[1] ? old.slice(old.length - e[1]) : []);
  }
  D.steps.forEach(function (d) {
    var next = Object.assign({}, prev, d);
    ZONES.forEach(function (z) { if (d[z]) next[z] = edited(prev[z] || [], d[z]); });
    S.push(prev = next);
  });
  var N = S.length, diff = D.diff || null;
  var LINES = diff ? diff.expected : D.lines;
  var ROWS = diff ? Math.max(diff.expected.length, diff.got.length) : LINES.length;
  var WINDOW = 150;  // transcript lines drawn on each side of the current step
  var cur = -1, view = "both", pinned = false;
  var $ = function (id) { return document.getElementById(id); };

  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c];
    });
  }
  function first(k) { return S[k].l; }
  function end(k) { return k + 1 < N ? S[k + 1].l : ROWS; }
  function stepOf(line) {  // the step whose lines hold `line`
    var lo = 0, hi = N - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (S[mid].l <= line) lo = mid; else hi = mid - 1; }
    return lo;
  }
  function card(id, extra) {
    var c = C[id], type = c[1].split("/")[0];
    return "<span class=\"card " + esc(c[1].replace("/", " ")) + " " + type + (extra || "") +
      "\" data-c=\"" + id + "\">" + esc(c[0]) + "</span>";
  }
  function cards(ids, empty) {
    return ids.length ? ids.map(function (i) { return card(i); }).join("") : "<span class=\"empty\">" + empty + "</span>";
  }
  function name(p) { return esc(D.names[p]); }

  function side(s, p) {
    var hand = s["h" + p], ring = s["r" + p], rs = s["s" + p], d = s.d, hidden = view !== "both" && view !== String(p);
    var badges = (s.c === p && !s.w ? "<span class=\"badge turnb\">turn</span>" : "") +
      (d && d[0] === p ? "<span class=\"badge decides\">deciding</span>" : "") +
      (s.w && s.w[0] === p ? "<span class=\"badge turnb\">winner</span>" : "");
    var handCards = hidden ? hand.map(function () { return "<span class=\"card hidden\" title=\"hidden\"></span>"; }).join("")
      || "<span class=\"empty\">empty</span>" : cards(hand, "empty");
    var top = rs.length ? card(rs[rs.length - 1]) + " <span class=\"count\"><small>top of " + rs.length + "</small></span>"
      : "<span class=\"empty\">empty</span>";
    return "<div class=\"side" + (s.c === p && !s.w ? " active" : "") + "\" id=\"side" + p + "\">" +
      "<div class=\"head\"><span class=\"name\" data-s=\"" + p + "\">" + name(p) + "</span><span class=\"badge\">P" + (p + 1) +
      "</span>" + badges + "<span class=\"fort\" title=\"Fortitude\"><span class=\"val\">" + s.f[p] + "</span><small>F</small></span>" +
      "<span class=\"count ars\" title=\"cards in the Arsenal\"><span class=\"val\">" + s.a[p] + "</span> <small>in Arsenal</small></span>" +
      "<span class=\"count\"><span class=\"val handn\">" + hand.length + "</span> <small>in hand</small></span></div>" +
      "<div class=\"zone hand\"><h4>Hand</h4><div class=\"cards\">" + handCards + "</div></div>" +
      "<div class=\"zone ring\"><h4>Ring area</h4><div class=\"cards\">" + cards(ring, "empty") + "</div></div>" +
      "<div class=\"zone ringside\"><h4>Ringside</h4><div class=\"cards\">" + top + "</div></div></div>";
  }

  function banner(s, k) {
    if (s.w) {
      return "<div class=\"banner over\" id=\"status\"><span class=\"turn\">Game over</span><span class=\"who\"><b>" +
        name(s.w[0]) + "</b> wins by " + esc(W[s.w[1]]) + "</span></div>";
    }
    var d = s.d;
    return "<div class=\"banner\" id=\"status\"><span class=\"turn\">Turn " + s.t + "</span><span class=\"who\"><b>" +
      name(s.c) + "</b>'s turn</span>" + (d ? "<span class=\"who\">deciding: <b>" + name(d[0]) + "</b> (" +
      esc(W[d[1]]) + ")</span>" : "") + "</div>";
  }

  function middle(s, k) {
    var lines = [], a = first(k), b = Math.min(end(k), a + 12);
    for (var i = a; i < b; i++) { lines.push(LINES[i] === undefined ? "" : LINES[i]); }
    var more = end(k) - b;
    var happened = k === 0 ? "<div class=\"ev\">The game as it starts.</div>" :
      "<div class=\"ev mvline\">" + (s.mv !== undefined ? "move " + k + ": " + esc(W[s.mv]) : "move " + k) + "</div>";
    happened += "<div class=\"ev\">" + lines.map(esc).join("\n") + (more > 0 ? "\n... " + more + " more lines" : "") + "</div>";
    var playing = s.p ? card(s.p[1], " played") + " as " + esc(W[s.p[2]]) + ", by " + name(s.p[0]) : "<span class=\"empty\">nothing</span>";
    var mods = s.m.length ? "<ul>" + s.m.map(function (m) { return "<li>" + esc(W[m]) + "</li>"; }).join("") + "</ul>"
      : "<span class=\"empty\">none</span>";
    var next = k + 1 < N && S[k + 1].mv !== undefined ? W[S[k + 1].mv] : null;
    var decide = "";
    if (s.d) {
      decide = "<div class=\"decide\" id=\"decide\"><h4>Decision, with the legal moves in move-file words" +
        (next !== null ? " (the one played next is marked)" : "") + "</h4><div class=\"prompt\">" + esc(W[s.d[2]]) +
        "</div><div class=\"moves\">" + s.d[3].map(function (m) {
          return "<code class=\"mv" + (W[m] === next ? " chosen" : "") + "\">" + esc(W[m]) + "</code>";
        }).join("") + "</div></div>";
    }
    return "<div class=\"middle\"><div class=\"happened\" id=\"happened\"><h4>What just happened</h4>" + happened +
      "</div><div><h4>In play</h4><div id=\"playing\">" + playing + "</div><h4 style=\"margin-top:8px\">Modifiers in force</h4>" +
      "<div class=\"mods\" id=\"mods\">" + mods + "</div></div>" + decide + "</div>";
  }

  var LEGEND = "<div class=\"legend\">cards: <span class=\"card maneuver\">maneuver</span> <span class=\"card action\">action</span> " +
    "<span class=\"card reversal\">reversal</span> (hover or tap a card for its text and compiled meaning; keys: &larr; &rarr; a move, " +
    "Page Up/Down a turn, Home, End)</div>";

  function drawBoard(k) {
    if (!N) { $("board").innerHTML = "<div class=\"banner\">No game to show: " + esc(D.note || "the session ended before a game started") + "</div>"; return; }
    var s = S[k], top = view === "1" ? 0 : 1, bottom = 1 - top;
    $("board").innerHTML = banner(s, k) + side(s, top) + middle(s, k) + side(s, bottom) + LEGEND;
  }

  function marked(a, b) {  // the two lines with their differing middle marked
    var i = 0, n = Math.min(a.length, b.length);
    while (i < n && a[i] === b[i]) i++;
    var j = 0;
    while (j < n - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
    function m(s) { return esc(s.slice(0, i)) + "<mark>" + esc(s.slice(i, s.length - j)) + "</mark>" + esc(s.slice(s.length - j)); }
    return [m(a), m(b)];
  }

  function lineNo(i) {  // the expected file's own line number of row i (rawdeal.io.diff.line_number)
    var n = diff && diff.numbers;
    if (!n) return i + 1;
    return i < n.length ? n[i] : (n.length ? n[n.length - 1] : 0) + i - n.length + 1;
  }

  function row(i, k) {
    var inStep = N && i >= first(k) && i < end(k);
    var cls = "ln" + (inStep ? " cur" : "") + (inStep && i === first(k) ? " curfirst" : "");
    if (!diff) {
      return "<div class=\"" + cls + "\" data-i=\"" + i + "\"><span class=\"no\">" + (i + 1) + "</span><span>" + esc(LINES[i]) + "</span></div>";
    }
    var e = diff.expected[i], g = diff.got[i], bad = e !== g, cells;
    if (bad && e !== undefined && g !== undefined) cells = marked(e, g);
    else cells = [e === undefined ? "<i>(no line)</i>" : esc(e), g === undefined ? "<i>(no line)</i>" : esc(g)];
    return "<div class=\"" + cls + " row" + (bad ? " bad" : "") + (i === diff.at ? " first" : "") + "\" data-i=\"" + i +
      "\"><span class=\"no\">" + lineNo(i) + "</span><span class=\"e\">" + cells[0] + "</span><span class=\"g\">" + cells[1] + "</span></div>";
  }

  function drawLog(k) {
    var a = N ? first(k) : diff ? diff.at : 0, b = N ? end(k) : a + 1;
    var lo = Math.max(0, a - WINDOW), hi = Math.min(ROWS, b + WINDOW), out = [];
    if (lo > 0) out.push("<div class=\"ln more\" data-i=\"" + (lo - 1) + "\">... " + lo + " earlier lines: click for line " + lo + "</div>");
    for (var i = lo; i < hi; i++) out.push(row(i, k));
    if (hi < ROWS) out.push("<div class=\"ln more\" data-i=\"" + hi + "\">... " + (ROWS - hi) + " later lines: click for line " + (hi + 1) + "</div>");
    var box = $("lines");
    box.innerHTML = out.join("");
    var mark = box.querySelector(".ln.curfirst") || box.querySelector(".row.first");
    if (mark) box.scrollTop = mark.offsetTop - box.offsetTop - box.clientHeight / 3;
  }

  function go(k, fromHash) {
    if (!N) { $("where").textContent = "no game"; drawBoard(0); drawLog(0); return; }
    k = Math.max(0, Math.min(N - 1, k | 0));
    cur = k;
    $("scrub").value = k;
    $("where").textContent = "step " + k + " / " + (N - 1) + (N ? ", turn " + S[k].t : "");
    drawBoard(k);
    drawLog(k);
    var hash = "#step=" + k + (view !== "both" ? "&view=" + view : "");
    if (!fromHash && location.hash !== hash) history.replaceState(null, "", hash);
  }

  function turnStep(dir) {  // the first step of the next (dir 1) or of this or the previous (dir -1) turn
    var t = S[cur].t, k = cur;
    if (dir > 0) { while (k < N - 1 && S[k].t === t) k++; return k; }
    while (k > 0 && S[k - 1].t === t) k--;
    if (k !== cur || k === 0) return k;
    k--; t = S[k].t;
    while (k > 0 && S[k - 1].t === t) k--;
    return k;
  }

  function fromHash() {
    var m = /step=(\d+)/.exec(location.hash), v = /view=(0|1|both)/.exec(location.hash);
    if (v) { view = v[1]; $("view").value = view; }
    return m ? parseInt(m[1], 10) : null;
  }

  function showTip(el, x, y) {
    var html;
    if (el.dataset.c !== undefined) {
      var c = C[+el.dataset.c];
      html = "<h3>" + esc(c[0]) + "</h3><div class=\"facts\">" + esc(c[1]) + (c[2] ? " &middot; " + esc(c[2]) : "") +
        " &middot; " + c[3] + "F / " + esc(c[4]) + "D / SV " + c[5] + "</div><div>" + esc(c[6] || "(no text)") +
        "</div><div class=\"meaning\"><b>compiled:</b>\n" + esc(c[7]) + "</div>";
    } else {
      var s = D.stars[+el.dataset.s];
      html = "<h3>" + esc(s[0]) + "</h3><div class=\"facts\">hand size " + s[1] + " &middot; Superstar value " + s[2] +
        "</div><div>" + esc(s[3]) + "</div><div class=\"meaning\"><b>compiled:</b>\n" + esc(s[4]) + "</div>";
    }
    var tip = $("tip");
    tip.innerHTML = html;
    tip.hidden = false;
    var w = tip.offsetWidth, h = tip.offsetHeight;
    tip.style.left = Math.max(4, Math.min(window.innerWidth - w - 4, x + 12)) + "px";
    tip.style.top = Math.max(4, y + 16 + h > window.innerHeight ? y - h - 12 : y + 16) + "px";
  }

  document.addEventListener("mouseover", function (e) {
    var el = e.target.closest && e.target.closest("[data-c],[data-s]");
    if (el && !pinned) showTip(el, e.clientX, e.clientY);
    else if (!el && !pinned) $("tip").hidden = true;
  });
  document.addEventListener("click", function (e) {
    var el = e.target.closest && e.target.closest("[data-c],[data-s]");
    if (el) { pinned = true; showTip(el, e.clientX, e.clientY); return; }
    if (pinned && !e.target.closest("#tip")) { pinned = false; $("tip").hidden = true; }
    var ln = e.target.closest && e.target.closest(".ln[data-i]");
    if (ln && N) go(stepOf(+ln.dataset.i));
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    var k = {ArrowRight: e.shiftKey ? turnStep(1) : cur + 1, ArrowLeft: e.shiftKey ? turnStep(-1) : cur - 1,
      PageDown: turnStep(1), PageUp: turnStep(-1), Home: 0, End: N - 1}[e.key];
    if (e.key === "d" && diff && N) k = stepOf(diff.at);
    if (e.key === "Escape") { pinned = false; $("tip").hidden = true; return; }
    if (k === undefined || !N) return;
    e.preventDefault();
    go(k);
  });
  $("scrub").addEventListener("input", function () { go(+$("scrub").value); });
  $("first").onclick = function () { go(0); };
  $("last").onclick = function () { go(N - 1); };
  $("prev").onclick = function () { go(cur - 1); };
  $("next").onclick = function () { go(cur + 1); };
  $("prevturn").onclick = function () { go(turnStep(-1)); };
  $("nextturn").onclick = function () { go(turnStep(1)); };
  $("view").onchange = function () { view = $("view").value; go(cur); };
  window.addEventListener("hashchange", function () { var k = fromHash(); if (k !== null) go(k, true); });

  $("scrub").max = Math.max(0, N - 1);
  if (diff) {
    var box = $("divergence"), at = diff.at;
    box.hidden = false;
    box.innerHTML = "<b>First divergence at line " + lineNo(at) + "</b><span>expected (" + esc(diff.names[0]) + "): <code>" +
      esc(diff.expected[at] === undefined ? "(no line)" : diff.expected[at]) + "</code></span><span>got (" + esc(diff.names[1]) +
      "): <code>" + esc(diff.got[at] === undefined ? "(no line)" : diff.got[at]) + "</code></span>" +
      (N ? "<button id=\"todiv\">show the board there (d)</button>" : "");
    if (N) $("todiv").onclick = function () { go(stepOf(at)); };
    $("loghead").innerHTML = "<div class=\"hdr\" style=\"flex:1\"><span class=\"no\"></span><span>expected: " + esc(diff.names[0]) +
      "</span><span>got: " + esc(diff.names[1]) + "</span></div>";
  } else {
    $("loghead").textContent = "Transcript: click a line to see the board there";
  }
  var start = fromHash();
  go(start !== null ? start : diff && N ? stepOf(diff.at) : 0, start !== null);
})();
