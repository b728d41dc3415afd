"use strict";
// rawdeal's page for any game but Raw Deal (whose page is viewer.js). The board is what the game's
// ruleset described (rawdeal.games.board): labelled numbers, zones of cards by name (a private zone
// face down in the other player's view), the cards on the table, and the decision with its legal moves
// in move-file words. The data holds tables once and per step only what changed; each step is filled
// forward from the one before it, and only the step on screen is drawn.
(function () {
  var D = JSON.parse(document.getElementById("data").textContent);
  var W = D.words, C = D.cards, U = D.ui, S = [], prev = {}, ZONES = [];
  D.zones.forEach(function (zs, p) { zs.forEach(function (z, i) { ZONES.push("z" + p + "_" + i); }); });
  document.documentElement.lang = D.lang;
  document.getElementById("viewlabel").firstChild.nodeValue = D.ui.hands + " ";
  document.querySelector("#view option[value=both]").textContent = D.ui.both;
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
  function name(p) { return esc(D.names[p]); }
  function card(id, extra) {
    return "<span class=\"card " + esc(C[id][1]) + (extra || "") + "\" data-c=\"" + id + "\">" + esc(C[id][0]) + "</span>";
  }
  function cards(ids, hidden) {
    if (!ids.length) return "<span class=\"empty\">" + esc(U.empty) + "</span>";
    if (hidden) return ids.map(function () { return "<span class=\"card hidden\" title=\"" + esc(U.hidden) + "\"></span>"; }).join("");
    return ids.map(function (i) { return card(i); }).join("");
  }

  function side(s, p) {
    var hidden = view !== "both" && view !== String(p), d = s.d, live = s.c === p && !s.w;
    var badges = (live ? "<span class=\"badge turnb\">" + esc(U.tomove) + "</span>" : "") +
      (d && d[0] === p ? "<span class=\"badge decides\">" + esc(U.deciding) + "</span>" : "") +
      (s.w && s.w[0] === p ? "<span class=\"badge turnb\">" + esc(U.wins) + "</span>" : "");
    var values = s.v[p].map(function (v) {
      return "<span class=\"count\" data-v=\"" + esc(W[v[0]]) + "\"><span class=\"val\">" + v[1] + "</span> <small>" +
        esc(W[v[0]]) + "</small></span>";
    }).join("");
    var zones = D.zones[p].map(function (z, i) {
      return "<div class=\"zone z" + i + (z[1] ? " private" : "") + "\"><h4>" + esc(z[0]) + "</h4><div class=\"cards\">" +
        cards(s["z" + p + "_" + i], z[1] && hidden) + "</div></div>";
    }).join("");
    return "<div class=\"side" + (live ? " active" : "") + "\" id=\"side" + p + "\"><div class=\"head\"><span class=\"name\">" +
      name(p) + "</span><span class=\"badge\">P" + (p + 1) + "</span><span class=\"character\" data-s=\"" + p + "\">" +
      esc(W[s.ch[p][0]]) + "</span>" + badges + values + "</div>" + zones + "</div>";
  }

  function banner(s) {
    if (s.w) {
      return "<div class=\"banner over\" id=\"status\"><span class=\"turn\">" + esc(U.over) + "</span><span class=\"who\">" +
        esc(W[s.w[1]]) + "</span></div>";
    }
    var d = s.d;
    return "<div class=\"banner\" id=\"status\"><span class=\"turn\">" + esc(W[s.g]) + "</span><span class=\"who\">" +
      esc(U.turn).replace("{p}", "<b>" + name(s.c) + "</b>") + "</span>" + (d ? "<span class=\"who\">" + esc(U.deciding) +
      ": <b>" + name(d[0]) + "</b> (" + esc(W[d[2]]) + ")</span>" : "") + "</div>";
  }

  function middle(s, k) {
    var lines = [], a = first(k), b = Math.min(end(k), a + 12);
    for (var i = a; i < b; i++) { lines.push(LINES[i] === undefined ? "" : LINES[i]); }
    var more = end(k) - b;
    var happened = k === 0 ? "<div class=\"ev\">" + esc(U.start) + "</div>" :
      "<div class=\"ev mvline\">" + esc(U.move) + " " + k + (s.mv !== undefined ? ": " + esc(W[s.mv]) : "") + "</div>";
    happened += "<div class=\"ev\">" + lines.map(esc).join("\n") + (more > 0 ? "\n... " + more + " " + esc(U.more) : "") + "</div>";
    var table = s.tb.length ? s.tb.map(function (t) { return "<div>" + esc(W[t[0]]) + ": " + card(t[1], " played") + "</div>"; }).join("")
      : "<span class=\"empty\">" + esc(U.nothing) + "</span>";
    var notes = "<ul>" + s.nt.map(function (n) { return "<li>" + esc(W[n]) + "</li>"; }).join("") + "</ul>";
    var next = k + 1 < N && S[k + 1].mv !== undefined ? W[S[k + 1].mv] : null, decide = "";
    if (s.d) {  // in one player's view the other's legal moves are not shown: they would name his hidden cards
      var secret = view !== "both" && view !== String(s.d[0]);
      decide = "<div class=\"decide\" id=\"decide\"><h4>" + esc(U.decide) + (next !== null && !secret ? " " + esc(U.next) : "") +
        "</h4><div class=\"prompt\">" + name(s.d[0]) + ": " + esc(W[s.d[2]]) + "</div><div class=\"moves\">" + (secret ?
        "<span class=\"empty\" id=\"secret\">" + esc(U.secret.replace("{n}", s.d[3].length)) + "</span>" :
        s.d[3].map(function (m) { return "<code class=\"mv" + (W[m] === next ? " chosen" : "") + "\">" + esc(W[m]) + "</code>"; }).join("")) +
        "</div></div>";
    }
    return "<div class=\"middle\"><div class=\"happened\" id=\"happened\"><h4>" + esc(U.happened) + "</h4>" + happened +
      "</div><div><h4>" + esc(U.table) + "</h4><div id=\"playing\">" + table + "</div><h4 style=\"margin-top:8px\">" +
      esc(U.rules) + "</h4><div class=\"mods\" id=\"mods\">" + notes + "</div></div>" + decide + "</div>";
  }

  function drawBoard(k) {
    if (!N) { $("board").innerHTML = "<div class=\"banner\">" + esc(U.nogame) + "</div>"; return; }
    var s = S[k], top = view === "1" ? 0 : 1;
    $("board").innerHTML = banner(s) + side(s, top) + middle(s, k) + side(s, 1 - top) +
      "<div class=\"legend\">" + esc(U.hint) + "</div>";
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
  function cell(x) { return x === undefined ? "<i>" + esc(U.noline) + "</i>" : esc(x); }
  function row(i, k) {
    var inStep = N && i >= first(k) && i < end(k);
    var cls = "ln" + (inStep ? " cur" : "") + (inStep && i === first(k) ? " curfirst" : "");
    if (!diff) {
      return "<div class=\"" + cls + "\" data-i=\"" + i + "\"><span class=\"no\">" + (i + 1) + "</span><span>" + esc(LINES[i]) + "</span></div>";
    }
    var e = diff.expected[i], g = diff.got[i], bad = e !== g;
    var cells = bad && e !== undefined && g !== undefined ? marked(e, g) : [cell(e), cell(g)];
    return "<div class=\"" + cls + " row" + (bad ? " bad" : "") + (i === diff.at ? " first" : "") + "\" data-i=\"" + i +
      "\"><span class=\"no\">" + lineNo(i) + "</span><span class=\"e\">" + cells[0] + "</span><span class=\"g\">" + cells[1] + "</span></div>";
  }
  function drawLog(k) {
    var a = N ? first(k) : diff ? diff.at : 0, b = N ? end(k) : a + 1;
    var lo = Math.max(0, a - WINDOW), hi = Math.min(ROWS, b + WINDOW), out = [];
    if (lo > 0) out.push("<div class=\"ln more\" data-i=\"" + (lo - 1) + "\">... " + lo + " " + esc(U.earlier) + " " + lo + "</div>");
    for (var i = lo; i < hi; i++) out.push(row(i, k));
    if (hi < ROWS) out.push("<div class=\"ln more\" data-i=\"" + hi + "\">... " + (ROWS - hi) + " " + esc(U.later) + " " + (hi + 1) + "</div>");
    var box = $("lines");
    box.innerHTML = out.join("");
    var mark = box.querySelector(".ln.curfirst") || box.querySelector(".row.first");
    if (mark) box.scrollTop = mark.offsetTop - box.offsetTop - box.clientHeight / 3;
  }

  function go(k, fromHash) {
    if (!N) { $("where").textContent = U.nogame; drawBoard(0); drawLog(0); return; }
    k = Math.max(0, Math.min(N - 1, k | 0));
    cur = k;
    $("scrub").value = k;
    $("where").textContent = U.step + " " + k + " / " + (N - 1) + ", " + W[S[k].g];
    drawBoard(k);
    drawLog(k);
    var hash = "#step=" + k + (view !== "both" ? "&view=" + view : "");
    if (!fromHash && location.hash !== hash) history.replaceState(null, "", hash);
  }
  function stageStep(dir) {  // the first step of the next (dir 1) or of this or the previous (dir -1) stage
    var g = S[cur].g, k = cur;
    if (dir > 0) { while (k < N - 1 && S[k].g === g) k++; return k; }
    while (k > 0 && S[k - 1].g === g) k--;
    if (k !== cur || k === 0) return k;
    k--; g = S[k].g;
    while (k > 0 && S[k - 1].g === g) k--;
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
      html = "<h3>" + esc(c[0]) + "</h3><div class=\"facts\">" + esc(c[2]) + "</div><div>" + esc(c[3]) + "</div>";
    } else {
      var ch = S[cur].ch[+el.dataset.s];
      html = "<h3>" + esc(W[ch[0]]) + "</h3><div>" + esc(W[ch[1]]) + "</div>";
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
    var k = {ArrowRight: e.shiftKey ? stageStep(1) : cur + 1, ArrowLeft: e.shiftKey ? stageStep(-1) : cur - 1,
      PageDown: stageStep(1), PageUp: stageStep(-1), Home: 0, End: N - 1}[e.key];
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
  $("prevturn").onclick = function () { go(stageStep(-1)); };
  $("nextturn").onclick = function () { go(stageStep(1)); };
  $("view").onchange = function () { view = $("view").value; go(cur); };
  window.addEventListener("hashchange", function () { var k = fromHash(); if (k !== null) go(k, true); });

  $("scrub").max = Math.max(0, N - 1);
  if (diff) {
    var box = $("divergence"), at = diff.at;
    box.hidden = false;
    box.innerHTML = "<b>" + esc(U.first) + " " + lineNo(at) + "</b><span>" + esc(U.expected) + " (" + esc(diff.names[0]) +
      "): <code>" + cell(diff.expected[at]) + "</code></span><span>" + esc(U.got) + " (" + esc(diff.names[1]) + "): <code>" +
      cell(diff.got[at]) + "</code></span>" + (N ? "<button id=\"todiv\">" + esc(U.todiv) + "</button>" : "");
    if (N) $("todiv").onclick = function () { go(stepOf(at)); };
    $("loghead").innerHTML = "<div class=\"hdr\" style=\"flex:1\"><span class=\"no\"></span><span>" + esc(U.expected) + ": " +
      esc(diff.names[0]) + "</span><span>" + esc(U.got) + ": " + esc(diff.names[1]) + "</span></div>";
  } else {
    $("loghead").textContent = U.log;
  }
  var start = fromHash();
  go(start !== null ? start : diff && N ? stepOf(diff.at) : 0, start !== null);
})();
