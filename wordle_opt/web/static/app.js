// wordle_opt's page: plain JavaScript, no build step, no network but this server.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const BYG = "BYG";

// ---------------------------------------------------------------- helpers

async function api(method, url, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(url, opts);
  let data;
  try { data = await res.json(); } catch (e) { data = { error: `${res.status} ${res.statusText}` }; }
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

// Five tiles: letters of `word` coloured by `colours` ("BYG" text or digits array).
function tiles(word, colours, small = false) {
  const row = el("span", { class: "row" });
  for (let i = 0; i < 5; i++) {
    const c = typeof colours === "string" ? BYG.indexOf(colours[i]) : colours[i];
    row.append(el("span", { class: `tile c${c}${small ? " small" : ""}` }, (word || "")[i] || ""));
  }
  return row;
}

function fmt(x, digits = 3) { return x === null || x === undefined ? "-" : Number(x).toFixed(digits); }

function settings() {
  return { lists: $("#lists").value, hard: $("#hard").value, max_guesses: $("#cap").value === "none" ? null : Number($("#cap").value) };
}

function settingsQuery() {
  const s = settings();
  return `lists=${encodeURIComponent(s.lists)}&hard=${s.hard}&max_guesses=${s.max_guesses === null ? "none" : s.max_guesses}`;
}

function wordLink(word) {
  return el("span", { class: "word-link", onclick: () => { $("#word").value = word; syncTiles(); $("#word").focus(); } }, word);
}

// ---------------------------------------------------------------- views

function show(view) {
  for (const v of document.querySelectorAll(".view")) v.hidden = v.id !== view;
  for (const b of document.querySelectorAll(".tab")) b.classList.toggle("active", b.dataset.view === view);
  if (location.hash !== `#${view}`) history.replaceState(null, "", `#${view}`);
  if (view === "explore" && !$("#tree").hasChildNodes()) loadTree();
}

// ---------------------------------------------------------------- Play

const play = { history: [], colours: [0, 0, 0, 0, 0], advice: null, busy: false };

function syncTiles() {
  const word = $("#word").value.toLowerCase();
  const row = $("#tiles");
  row.replaceChildren();
  for (let i = 0; i < 5; i++) {
    const t = el("span", { class: `tile c${play.colours[i]}`, "data-i": i }, word[i] || "");
    t.addEventListener("click", () => {
      play.colours[i] = (play.colours[i] + 1) % 3;
      $("#colours").value = play.colours.map((c) => BYG[c]).join("");
      syncTiles();
    });
    row.append(t);
  }
}

function coloursTyped() {
  const text = $("#colours").value.toUpperCase();
  for (let i = 0; i < 5; i++) {
    const ch = text[i];
    const c = ch === undefined ? 0 : "B.-X0W".includes(ch) ? 0 : "Y1".includes(ch) ? 1 : "G2".includes(ch) ? 2 : 0;
    play.colours[i] = c;
  }
  syncTiles();
}

function renderBoard() {
  const board = $("#board");
  board.replaceChildren(...play.history.map((t) => el("div", { class: "turn" }, tiles(t.guess, t.colours))));
}

function renderAdvice(a) {
  const out = $("#advice");
  out.replaceChildren();
  if (a.solved) {
    const n = play.history.length;
    out.append(el("p", { class: "solved", id: "solved" }, `Solved in ${n} guess${n === 1 ? "" : "es"}!`));
    return;
  }
  const n = a.candidates;
  const left = el("p", { id: "candidates" }, `${n} answer${n === 1 ? "" : "s"} left`);
  if (a.words) left.append(": ", el("span", { class: "words" }, a.words.join(", ")));
  out.append(left);
  if (a.note) out.append(el("p", { class: "estimate" }, a.note));
  const s = a.suggestion;
  if (s) {
    const exp = s.expected === null ? "" : `${s.exact ? "" : "about "}${fmt(s.expected)} guesses to finish, this one included`;
    out.append(el("p", { class: "suggestion" }, "Suggestion: ",
      el("span", { class: "word word-link", id: "suggestion", onclick: () => { $("#word").value = s.word; syncTiles(); } }, s.word),
      s.could_be_answer ? " (could be the answer)" : "", el("br"),
      el("span", { class: s.exact ? "" : "estimate" }, exp, exp ? " \u2014 " : "", s.how)));
  }
  if (a.alternatives.length) {
    out.append(el("p", { class: "hint" }, a.alternatives.some((x) => x.exact)
      ? "Alternatives: the other guesses that tell you the most (entropy), each valued exactly."
      : "Alternatives: the other guesses that tell you the most (entropy); too many answers are left to value " +
        "each exactly here (Explore proves any opener's tree)."));
    const table = el("table", { id: "alternatives" },
      el("tr", {}, el("th", {}, "alternative"), el("th", { class: "num" }, "expected guesses"), el("th", {}, "how")));
    for (const alt of a.alternatives) {
      table.append(el("tr", {}, el("td", {}, wordLink(alt.word), alt.could_be_answer ? " *" : ""),
        el("td", { class: "num" }, alt.expected === null ? "-" : fmt(alt.expected)),
        el("td", { class: alt.exact ? "" : "estimate" }, alt.how)));
    }
    out.append(table);
    if (a.alternatives.some((x) => x.could_be_answer)) out.append(el("p", { class: "hint" }, "* could be the answer"));
  }
}

async function refresh() {
  play.busy = true;
  $("#play-error").textContent = "";
  $("#advice").replaceChildren(el("p", { class: "hint" }, "thinking\u2026"));
  try {
    const a = await api("POST", "/api/advice", { ...settings(), history: play.history });
    play.advice = a;
    renderAdvice(a);
  } catch (e) {
    $("#play-error").textContent = e.message;
    $("#advice").replaceChildren();
  } finally {
    play.busy = false;
  }
}

function resetEntry() {
  $("#word").value = "";
  $("#colours").value = "";
  play.colours = [0, 0, 0, 0, 0];
  syncTiles();
}

async function enterTurn(ev) {
  ev.preventDefault();
  const guess = $("#word").value.trim().toLowerCase();
  if (guess.length !== 5) { $("#play-error").textContent = "type a 5-letter guess first"; return; }
  if (play.advice && play.advice.solved) { $("#play-error").textContent = "the game is solved: New game or Undo"; return; }
  const turn = { guess, colours: play.colours.map((c) => BYG[c]).join("") };
  const history = [...play.history, turn];
  $("#play-error").textContent = "";
  try {
    const a = await api("POST", "/api/advice", { ...settings(), history });
    play.history = history;
    play.advice = a;
    renderBoard();
    resetEntry();
    renderAdvice(a);
  } catch (e) {
    $("#play-error").textContent = e.message;   // nothing recorded
  }
}

function newGame() {
  play.history = [];
  renderBoard();
  resetEntry();
  refresh();
}

// ---------------------------------------------------------------- Explore

function histogram(hist) {
  const max = Math.max(...Object.values(hist));
  const grid = el("div", { class: "hist" });
  for (const [d, c] of Object.entries(hist)) {
    grid.append(el("span", {}, `${d} guesses`), el("span", { class: "bar", style: `width:${(100 * c) / max}%` }), el("span", { class: "num" }, c));
  }
  return grid;
}

function renderNode(node, path) {
  const box = el("div", { class: "node" });
  box.append(el("h3", {}, "Guess ", el("span", { class: "words" }, node.guess), ` \u2014 ${node.answers} answer${node.answers === 1 ? "" : "s"}, `,
    `${node.total} guesses in all (average ${fmt(node.average, 4)})`));
  if (node.words) box.append(el("p", { class: "words" }, node.words.join(", ")));
  box.append(histogram(node.histogram));
  for (const kid of node.children) {
    const summary = el("summary", {}, tiles(node.guess, kid.pattern, true),
      kid.solved ? el("span", { class: "solved" }, "solved") : `${kid.answers} answer${kid.answers === 1 ? "" : "s"} \u2192 ${kid.guess.toUpperCase()}`);
    const det = el("details", { "data-pattern": kid.pattern }, summary);
    if (!kid.solved) {
      det.addEventListener("toggle", async () => {
        if (!det.open || det.dataset.loaded) return;
        det.dataset.loaded = "1";
        try {
          det.append(renderNode(await fetchNode([...path, kid.pattern]), [...path, kid.pattern]));
        } catch (e) {
          det.append(el("p", { class: "error" }, e.message));
        }
      });
    }
    box.append(det);
  }
  return box;
}

function fetchNode(path) {
  const opener = encodeURIComponent($("#opener").value.trim().toLowerCase());
  return api("GET", `/api/explore?opener=${opener}&path=${path.join(",")}&${settingsQuery()}`);
}

async function loadTree(ev) {
  if (ev) ev.preventDefault();
  $("#explore-error").textContent = "";
  $("#tree").replaceChildren(el("p", { class: "hint" }, "searching for the optimal tree\u2026"));
  try {
    const node = await fetchNode([]);
    const t = node.tree;
    $("#tree").replaceChildren(
      el("p", {}, `Optimal tree from ${t.opener.toUpperCase()}: ${t.total} guesses for ${t.answers} answers `,
        `(average ${fmt(t.average, 4)}, never more than ${t.max_depth}). Proven optimal for this opener.`),
      renderNode(node, []));
  } catch (e) {
    $("#tree").replaceChildren();
    $("#explore-error").textContent = e.message;
  }
}

// ---------------------------------------------------------------- Review

// Headings for the CLI's columns (the cells are the CLI's own text).
const REVIEW_HEAD = ["#", "guess", "answers before", "after", "expected, your guess", "expected, best guess",
  "best guess", "skill", "luck", "luck %"];

function renderReview(r) {
  const table = el("table", { id: "review-table" }, el("tr", {}, ...REVIEW_HEAD.map((h) => el("th", {}, h))));
  r.rows.forEach((row, i) => {
    const t = r.turns[i];
    const cells = [row[0], tiles(t.guess, t.colours), ...row.slice(3)];
    table.append(el("tr", { class: "review-row" }, ...cells.map((c, j) => el("td", { class: j === 1 || j === 3 || j === 6 ? "" : "num" }, c))));
  });
  $("#review-out").replaceChildren(table,
    el("p", { class: "hint" }, "Expected: guesses still needed, this one included, playing that guess and then " +
      "the best way (the exact optimum). Skill: 100 \u00d7 best \u00f7 yours, so 100 = a best guess. Luck: guesses " +
      "the colouring you got saved against the average colouring for your guess (+ lucky); luck %: the share " +
      "of colourings that would have left more to do."),
    ...r.notes.map((n) => el("p", { class: "note" }, n)));
}

async function runReview(ev) {
  if (ev) ev.preventDefault();
  $("#review-error").textContent = "";
  $("#review-out").replaceChildren(el("p", { class: "hint" }, "reviewing\u2026 (the first turn searches several openers: seconds)"));
  try {
    const body = { ...settings(), game: $("#review-game").value, answer: $("#review-answer").value.trim() || null };
    renderReview(await api("POST", "/api/review", body));
  } catch (e) {
    $("#review-out").replaceChildren();
    $("#review-error").textContent = e.message;
  }
}

function reviewThisGame() {
  if (!play.history.length) { $("#play-error").textContent = "play at least one guess first"; return; }
  $("#review-game").value = play.history.map((t) => `${t.guess}.${t.colours}`).join(".");
  $("#review-answer").value = "";
  show("review");
  runReview();
}

// ---------------------------------------------------------------- settings

async function loadLists() {
  const sets = await api("GET", "/api/lists");
  $("#lists").replaceChildren(...sets.map((s) => el("option", { value: s.name }, `${s.name} (${s.answers} answers, ${s.guesses} guesses)`)));
}

async function uploadList() {
  const file = $("#upload").files[0];
  if (!file) return;
  try {
    const r = await api("POST", `/api/lists?name=${encodeURIComponent(file.name)}`, { answers: await file.text(), guesses: null });
    $("#lists").append(el("option", { value: r.name }, `${file.name} (${r.answers} answers)`));
    $("#lists").value = r.name;
    settingsChanged();
  } catch (e) {
    $("#play-error").textContent = e.message;
  }
}

function settingsChanged() {
  newGame();
  $("#tree").replaceChildren();
  if (!$("#explore").hidden) loadTree();
}

async function main() {
  for (const b of document.querySelectorAll(".tab")) b.addEventListener("click", () => show(b.dataset.view));
  $("#entry").addEventListener("submit", enterTurn);
  $("#word").addEventListener("input", syncTiles);
  $("#colours").addEventListener("input", coloursTyped);
  $("#take").addEventListener("click", () => { if (play.advice && play.advice.suggestion) { $("#word").value = play.advice.suggestion.word; syncTiles(); $("#colours").focus(); } });
  $("#undo").addEventListener("click", () => { if (play.history.length) { play.history.pop(); renderBoard(); resetEntry(); refresh(); } });
  $("#newgame").addEventListener("click", newGame);
  $("#explore-form").addEventListener("submit", loadTree);
  for (const id of ["#lists", "#hard", "#cap"]) $(id).addEventListener("change", settingsChanged);
  $("#upload").addEventListener("change", uploadList);
  $("#review-form").addEventListener("submit", runReview);
  $("#review-this").addEventListener("click", reviewThisGame);
  syncTiles();
  await loadLists();
  const view = location.hash.slice(1);
  show(["play", "review", "explore"].includes(view) ? view : "play");
  await refresh();
}

main();
