// wordle_opt's page: plain JavaScript, no build step, no network but this server.
//
// One board (renderBoard) serves the three views: Play (the guesses so far and
// the row being entered), Review (the game reviewed) and Explore (the way
// through the tree to the node shown).  The page's state lives in its address:
//   #play?game=salet.BYBYY.grate.BGGGB&lists=original&rule=easy&cap=6
//   #review?game=salet.drone.crate&answer=crate&...
//   #explore?opener=salet&path=BYBBB,BBGBY&...
// so a link restores a game, a review or a node, and a reload keeps it.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const BYG = "BYG";
const COLOUR = ["grey", "yellow", "green"];
const COLOUR_MEANS = ["not in the word", "elsewhere in the word", "in this place"];
const VIEWS = ["play", "review", "explore"];
const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "+zxcvbnm-"]; // + Enter, - Backspace

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
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

function colourIndex(colours, i) {
  return typeof colours === "string" ? BYG.indexOf(colours[i]) : colours[i];
}

function rowLabel(word, colours) {
  const parts = [];
  for (let i = 0; i < 5; i++) parts.push(`${word[i].toUpperCase()} ${COLOUR[colourIndex(colours, i)]}`);
  return parts.join(", ");
}

// Five small tiles (tables, tree nodes): letters of `word` coloured by `colours`.
function tiles(word, colours, small = false) {
  const row = el("span", { class: "row", role: "img", "aria-label": word ? rowLabel(word, colours) : "" });
  for (let i = 0; i < 5; i++) {
    row.append(el("span", { class: `tile c${colourIndex(colours, i)}${small ? " small" : ""}`, "aria-hidden": "true" },
      (word || "")[i] || ""));
  }
  return row;
}

function fmt(x, digits = 3) { return Number(x).toFixed(digits); }
function plural(n, word, words = `${word}s`) { return `${n} ${n === 1 ? word : words}`; }

// ---------------------------------------------------------------- the board
//
// turns: [{guess, colours}] played rows; entry: the row being entered
// ({letters, colours, onCycle}) or null; pending: a word shown uncoloured
// (Explore: the node's guess); rows: at least this many rows.

function renderBoard(box, turns, { entry = null, pending = null, rows = 6 } = {}) {
  const out = [];
  turns.forEach((t, n) => {
    const row = el("div", { class: "row turn", role: "group", "aria-label": `guess ${n + 1}: ${rowLabel(t.guess, t.colours)}` });
    for (let i = 0; i < 5; i++) {
      const c = colourIndex(t.colours, i);
      row.append(el("span", { class: `tile c${c}`, role: "img", "aria-label": `${t.guess[i].toUpperCase()}, ${COLOUR[c]}` },
        t.guess[i]));
    }
    out.push(row);
  });
  if (entry) {
    const row = el("div", { class: "row entry", role: "group", "aria-label": `guess ${turns.length + 1}, being entered` });
    for (let i = 0; i < 5; i++) {
      const ch = entry.letters[i];
      if (ch) {
        // (a tile not coloured yet shows its letter on an empty tile; played so, it counts as grey)
        const c = entry.colours[i];
        const now = entry.set[i] ? `${COLOUR[c]} (${COLOUR_MEANS[c]})` : "not coloured yet, counts as grey";
        row.append(el("button", {
          type: "button", class: `tile ${entry.set[i] ? `c${c}` : "unset"} set`, "data-i": i, title: "click: grey, yellow, green",
          "aria-label": `${ch.toUpperCase()}, ${now}: press for ${COLOUR[entry.set[i] ? (c + 1) % 3 : 1]}`,
          onclick: () => entry.onCycle(i),
        }, ch));
      } else {
        row.append(el("span", { class: "tile empty", "aria-label": `letter ${i + 1}: empty` }));
      }
    }
    out.push(row);
  }
  if (pending) {
    out.push(el("div", { class: "row pending", role: "group", "aria-label": `next guess: ${pending.toUpperCase()}` },
      ...[...pending].map((ch) => el("span", { class: "tile", "aria-hidden": "true" }, ch))));
  }
  while (out.length < rows) {
    out.push(el("div", { class: "row blank", "aria-hidden": "true" }, ...[0, 1, 2, 3, 4].map(() => el("span", { class: "tile empty" }))));
  }
  box.replaceChildren(...out);
}

// ---------------------------------------------------------------- settings

function settings() {
  return { lists: $("#lists").value, hard: $("#hard").value, max_guesses: $("#cap").value === "none" ? null : Number($("#cap").value) };
}

function settingsQuery() {
  const s = settings();
  return `lists=${encodeURIComponent(s.lists)}&hard=${s.hard}&max_guesses=${s.max_guesses === null ? "none" : s.max_guesses}`;
}

function showSettings() {
  const s = settings();
  $("#settings-now").textContent = `${s.lists} \u00b7 ${$("#hard").selectedOptions[0].text} \u00b7 ` +
    (s.max_guesses === null ? "no cap" : `at most ${s.max_guesses} guesses`);
}

// ---------------------------------------------------------------- the address

const page = { view: "play" };

function writeAddress() {
  const s = settings();
  const q = new URLSearchParams();
  if (page.view === "play") {
    if (play.history.length) q.set("game", play.history.map((t) => `${t.guess}.${t.colours}`).join("."));
  } else if (page.view === "review") {
    if (review.game) q.set("game", review.game);
    if (review.answer) q.set("answer", review.answer);
  } else {
    q.set("opener", explore.opener);
    if (explore.path.length) q.set("path", explore.path.join(","));
  }
  q.set("lists", s.lists);
  q.set("rule", s.hard);
  q.set("cap", s.max_guesses === null ? "none" : String(s.max_guesses));
  const hash = `#${page.view}?${q.toString().replace(/%2C/g, ",")}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function readAddress() {
  const [view, query] = location.hash.slice(1).split("?", 2);
  const q = new URLSearchParams(query || "");
  const lists = q.get("lists");
  if (lists) {
    if (![...$("#lists").options].some((o) => o.value === lists)) $("#lists").append(el("option", { value: lists }, lists));
    $("#lists").value = lists;
  }
  if (["easy", "nyt", "strict"].includes(q.get("rule"))) $("#hard").value = q.get("rule");
  if ([...$("#cap").options].some((o) => o.value === q.get("cap"))) $("#cap").value = q.get("cap");
  showSettings();
  return { view: VIEWS.includes(view) ? view : "play", q };
}

// Play's game text: "salet.BYBYY.grate.BGGGB" -> [{guess, colours}]; null if malformed.
function parseGame(text) {
  if (!text) return [];
  const parts = text.toLowerCase().split(".");
  if (parts.length % 2) return null;
  const turns = [];
  for (let i = 0; i < parts.length; i += 2) {
    if (!/^[a-z]{5}$/.test(parts[i]) || !/^[byg]{5}$/.test(parts[i + 1])) return null;
    turns.push({ guess: parts[i], colours: parts[i + 1].toUpperCase() });
  }
  return turns;
}

async function applyAddress() {
  const { view, q } = readAddress();
  if (view === "play") {
    const turns = parseGame(q.get("game"));
    if (turns === null) $("#play-error").textContent = "the address's game is not guess.COLOURS pairs: a new game instead";
    play.history = turns || [];
    resetEntry();
    show("play");
    await loadAdvice();
  } else if (view === "review") {
    $("#review-game").value = q.get("game") || "";
    $("#review-answer").value = q.get("answer") || "";
    show("review");
    if (q.get("game")) await runReview();
  } else {
    explore.opener = (q.get("opener") || "salet").toLowerCase();
    $("#opener").value = explore.opener;
    const path = (q.get("path") || "").toUpperCase().split(",").filter((p) => /^[BYG]{5}$/.test(p));
    explore.path = path;
    show("explore");
    await loadTree(null, path);
  }
}

// ---------------------------------------------------------------- views

function show(view) {
  page.view = view;
  for (const v of $$(".view")) v.hidden = v.id !== `view-${view}`; // not id=view: "#play" would scroll to it
  for (const b of $$(".tab")) {
    b.classList.toggle("active", b.dataset.view === view);
    b.setAttribute("aria-current", b.dataset.view === view ? "page" : "false");
  }
  writeAddress();
}

function openView(view) {
  show(view);
  if (view === "explore" && !$("#tree").hasChildNodes()) loadTree();
  if (view === "play" && !play.advice) loadAdvice();
}

// ---------------------------------------------------------------- Play

// letters, colours, set: the row being entered (set[i]: tile i coloured by the player)
const play = { history: [], letters: "", colours: [0, 0, 0, 0, 0], set: [false, false, false, false, false], advice: null, generation: 0, redo: [] };

function cap() { return settings().max_guesses; }

function solved() { return play.history.length > 0 && play.history[play.history.length - 1].colours === "GGGGG"; }

function canEnter() { return !solved() && (cap() === null || play.history.length < cap()); }

function renderPlay() {
  const rows = Math.max(6, cap() || 0, play.history.length + (canEnter() ? 1 : 0));
  const entry = canEnter() ? { letters: play.letters, colours: play.colours, set: play.set, onCycle: cycleTile } : null;
  renderBoard($("#board"), play.history, { entry, rows });
  renderKeys();
}

function cycleTile(i) {
  play.colours[i] = (play.colours[i] + 1) % 3;
  play.set[i] = true;
  $("#colours").value = play.colours.map((c) => BYG[c]).join("");
  renderPlay();
  const again = $(`#board .entry .tile[data-i="${i}"]`);
  if (again) again.focus();
}

// Each letter's best state so far: green over yellow over grey.
function letterStates() {
  const state = {};
  for (const t of play.history) {
    for (let i = 0; i < 5; i++) {
      const c = colourIndex(t.colours, i);
      state[t.guess[i]] = Math.max(state[t.guess[i]] ?? -1, c);
    }
  }
  return state;
}

function buildKeyboard() {
  const box = $("#keyboard");
  for (const keys of KEY_ROWS) {
    const row = el("div", { class: "keys" });
    for (const k of keys) {
      if (k === "+") row.append(el("button", { type: "button", class: "key wide", id: "enter", "data-key": "enter", "aria-label": "enter: play the row" }, "Enter"));
      else if (k === "-") row.append(el("button", { type: "button", class: "key wide", "data-key": "backspace", "aria-label": "delete a letter" }, "\u232b"));
      else row.append(el("button", { type: "button", class: "key", "data-key": k, "aria-label": k.toUpperCase() }, k));
    }
    box.append(row);
  }
  box.addEventListener("click", (ev) => {
    const key = ev.target.closest(".key");
    if (key) press(key.dataset.key);
  });
}

function renderKeys() {
  const state = letterStates();
  for (const key of $$("#keyboard .key")) {
    const k = key.dataset.key;
    if (k.length !== 1) continue;
    const c = state[k];
    key.className = `key${c === undefined ? "" : ` c${c}`}`;
    key.setAttribute("aria-label", c === undefined ? k.toUpperCase() : `${k.toUpperCase()}, ${COLOUR[c]}`);
  }
}

function press(key) {
  $("#play-error").textContent = "";
  if (key === "enter") { enterTurn(); return; }
  if (!canEnter()) return;
  if (key === "backspace") {
    if (play.letters.length) {
      play.colours[play.letters.length - 1] = 0;
      play.set[play.letters.length - 1] = false;
      play.letters = play.letters.slice(0, -1);
    }
  } else if (/^[a-z]$/.test(key) && play.letters.length < 5) {
    play.letters += key;
  } else {
    return;
  }
  renderPlay();
}

// Physical keys: letters, Backspace and Enter play on the board unless a
// field has the focus.  On a tile of the row, Space changes its colour.  Enter
// plays the row being typed wherever the focus is: on the Undo button it used
// to press Undo again and take back a second row.  With no letters typed,
// Enter and Space press the focused button.
function onKeydown(ev) {
  if (page.view !== "play" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t.closest && t.closest("input, select, textarea, summary")) return;
  const key = ev.key.toLowerCase();
  const onTile = t.closest && t.closest("#board .entry .tile");
  if (key === " " && onTile) return;
  const typing = key === "enter" && play.letters.length > 0;
  if ((key === "enter" || key === " ") && !onTile && !typing && t.closest && t.closest("button, a")) return;
  if (key === "enter" || key === "backspace" || /^[a-z]$/.test(key)) {
    ev.preventDefault();
    press(key);
  }
}

function takeSuggestion(word) {
  if (!canEnter()) return;
  play.letters = word;
  play.colours = [0, 0, 0, 0, 0];
  play.set = [false, false, false, false, false];
  $("#colours").value = "";
  renderPlay();
  const first = $("#board .entry .tile");
  if (first) first.focus();
}

// At the first guess a ranking table (the bundled one, or one given to
// serve --ranking: a.values_from names it) gives the total over every
// answer: exact ("7920") or a proven lower bound ("≥ 7950"), beside the average.
function alternativeCell(alt) {
  const total = alt.total_text ? el("span", { class: "total" }, ` (${alt.total_text})`) : null;
  if (alt.expected !== null && alt.expected !== undefined) {
    return el("td", { class: "num", "data-value": alt.expected }, fmt(alt.expected), total);
  }
  if (alt.total_kind === "bound") return el("td", { class: "num bound" }, `\u2265 ${fmt(alt.at_least)}`, total);
  if (alt.total_kind) return el("td", { class: "num" }, "-", total);
  return el("td", { class: "num pending-value", "data-word": alt.word }, "not valued");
}

function renderAdvice(a) {
  const out = $("#advice");
  const more = $("#advice-more");
  more.replaceChildren();
  if (a.solved) {
    const n = play.history.length;
    out.replaceChildren(el("p", { class: "solved", id: "solved" }, `Solved in ${plural(n, "guess", "guesses")}!`));
    return;
  }
  const n = a.candidates;
  const parts = [];
  const s = a.suggestion;
  if (s) {
    parts.push(el("p", { class: "suggestion" }, "Suggestion ",
      el("span", { class: "word", id: "suggestion" }, s.word),
      " ", el("button", { type: "button", id: "take", "aria-label": `use ${s.word.toUpperCase()}`, onclick: () => takeSuggestion(s.word) }, "Use"),
      s.could_be_answer ? el("span", { class: "hint" }, " could be the answer") : null));
    if (s.expected !== null) {
      parts.push(el("p", { class: `value${s.exact ? "" : " estimate"}`, id: "value" },
        el("b", {}, `${s.exact ? "" : "about "}${fmt(s.expected)}`), " guesses on average to finish, this one included",
        el("br"), el("span", { class: "how" }, s.how)));
    } else {
      parts.push(el("p", { class: "value estimate", id: "value" }, s.how));
    }
  }
  if (a.note) parts.push(el("p", { class: "estimate" }, a.note));
  const left = el("p", { id: "candidates" }, `${plural(n, "answer")} left`);
  if (a.words) left.append(": ", el("span", { class: "words" }, a.words.join(", ")));
  parts.push(left);
  out.replaceChildren(...parts);

  if (!a.alternatives.length || n === 1) return; // one answer left: it is the guess
  const first = play.history.length === 0;
  const table = el("table", { id: "alternatives" },
    el("caption", {}, "Alternatives: the other guesses, best value first"),
    el("tr", {}, el("th", { scope: "col" }, "guess"), el("th", { scope: "col", class: "num", title: "guesses on average to finish, this one included" }, "expected"), el("th", { scope: "col" }, "how")));
  for (const alt of a.alternatives) {
    const how = alt.expected === null && !first
      ? `${alt.how}; not valued: ${n} answers left are too many to search each guess here`
      : alt.how;
    table.append(el("tr", {},
      el("td", {}, el("button", { type: "button", class: "word-link", "aria-label": `use ${alt.word.toUpperCase()}`, onclick: () => takeSuggestion(alt.word) }, alt.word),
        alt.could_be_answer ? el("span", { title: "could be the answer", "aria-label": "could be the answer" }, " *") : null),
      alternativeCell(alt),
      el("td", { class: `how${alt.exact || alt.total_kind ? "" : " estimate"}` }, how)));
  }
  more.append(el("div", { class: "scroll" }, table));
  if (a.alternatives.some((x) => x.could_be_answer)) more.append(el("p", { class: "hint" }, "* could be the answer"));
  if (first && a.alternatives.some((x) => x.total_kind)) {
    more.append(el("p", { class: "hint", id: "ranking-note" },
      `At the first guess the values come from ${a.values_from || "the bundled opener ranking"}: in brackets ` +
      `the total over every answer, exact, or \u2265 a proven lower bound.`));
  }
  if (first && a.alternatives.some((x) => x.expected === null && !x.total_kind)) {
    more.append(el("p", { class: "hint", id: "alternatives-note" },
      "At the first guess each alternative is valued by the proven optimal tree that opens with it " +
      "(the search Explore runs: seconds each), one after the other."));
    valueOpeners(play.generation);
  }
}

// The rows valued so far first, by value (the API sends them so; the page's
// own values come one by one); the others after, in the order they came.
function sortAlternatives() {
  const table = $("#alternatives");
  const rows = $$("tr", table).filter((r) => r.querySelector("td"));
  const value = (r) => Number(r.querySelector("td.num").dataset.value ?? Infinity);
  rows.map((r, i) => [value(r), i, r]).sort((x, y) => x[0] - y[0] || x[1] - y[1]).forEach(([, , r]) => table.append(r));
}

// The first guess's alternatives, valued one by one by their optimal trees
// (GET /api/explore at the root: the tree's exact average).
async function valueOpeners(generation) {
  for (const cell of $$("#alternatives .pending-value")) {
    if (generation !== play.generation) return;
    const word = cell.dataset.word;
    cell.textContent = "searching\u2026";
    const how = cell.nextElementSibling;
    try {
      const node = await api("GET", `/api/explore?opener=${encodeURIComponent(word)}&path=&${settingsQuery()}`);
      if (generation !== play.generation) return;
      const t = node.tree;
      cell.classList.remove("pending-value");
      if (t.proven) {
        cell.textContent = fmt(t.average);
        how.textContent = `exact (the optimal tree from ${word.toUpperCase()}); ${how.textContent}`;
        how.classList.remove("estimate");
      } else {
        cell.textContent = `\u2264 ${fmt(t.average)}`;
        how.textContent = `${t.note}; ${how.textContent}`;
      }
      cell.dataset.value = t.average;
      sortAlternatives();
    } catch (e) {
      if (generation !== play.generation) return;
      cell.textContent = "not valued";
      how.textContent = `${e.message}; ${how.textContent}`;
    }
  }
}

async function loadAdvice() {
  const generation = ++play.generation;
  $("#advice").replaceChildren(el("p", { class: "hint" }, "thinking\u2026"));
  $("#advice-more").replaceChildren();
  renderPlay();
  try {
    const a = await api("POST", "/api/advice", { ...settings(), history: play.history });
    if (generation !== play.generation) return;
    play.advice = a;
    renderAdvice(a);
  } catch (e) {
    if (generation !== play.generation) return;
    $("#play-error").textContent = e.message;
    $("#advice").replaceChildren();
  }
}

function resetEntry() {
  play.letters = "";
  play.colours = [0, 0, 0, 0, 0];
  play.set = [false, false, false, false, false];
  $("#colours").value = "";
}

let entering = false;

async function enterTurn() {
  if (entering) return;
  if (solved()) { $("#play-error").textContent = "the game is solved: New game or Undo"; return; }
  if (!canEnter()) { $("#play-error").textContent = "no guesses left: New game or Undo"; return; }
  if (play.letters.length !== 5) { $("#play-error").textContent = "type a 5-letter guess first"; return; }
  const turn = { guess: play.letters, colours: play.colours.map((c) => BYG[c]).join("") };
  const history = [...play.history, turn];
  const generation = ++play.generation;
  entering = true;
  $("#play-error").textContent = "";
  try {
    const a = await api("POST", "/api/advice", { ...settings(), history });
    if (generation !== play.generation) return;
    play.history = history;
    play.advice = a;
    play.redo = [];
    showRedo("");
    resetEntry();
    renderPlay();
    renderAdvice(a);
    writeAddress();
  } catch (e) {
    $("#play-error").textContent = e.message; // nothing recorded
  } finally {
    entering = false;
  }
}

// Undo and New game keep what they take away: Redo puts it back (the rows,
// and the letters being typed when New game cleared them).  A row played
// after them starts a new line of play, as in any editor.
function keep(what) {
  play.redo.push({ history: [...play.history], letters: play.letters, colours: [...play.colours], set: [...play.set], what });
  showRedo(`${what}: Redo puts it back.`);
}

function showRedo(note) {
  $("#redo").disabled = !play.redo.length;
  $("#play-note").textContent = note;
}

function undo() {
  if (!play.history.length) return;
  const t = play.history[play.history.length - 1];
  keep(`Took back ${t.guess.toUpperCase()} ${t.colours}`);
  play.history.pop(); // (the letters being typed stay)
  writeAddress();
  loadAdvice();
}

function redo() {
  const back = play.redo.pop();
  if (!back) return;
  play.history = back.history;
  play.letters = back.letters;
  play.colours = back.colours;
  play.set = back.set;
  $("#colours").value = "";
  showRedo("");
  writeAddress();
  loadAdvice();
}

function newGame() {
  if (play.history.length || play.letters) keep("New game");
  play.history = [];
  resetEntry();
  $("#play-error").textContent = "";
  writeAddress();
  loadAdvice();
}

function coloursTyped() {
  const text = $("#colours").value.toUpperCase();
  for (let i = 0; i < 5; i++) {
    const ch = text[i];
    play.colours[i] = ch === undefined ? 0 : "Y1".includes(ch) ? 1 : "G2".includes(ch) ? 2 : 0;
    play.set[i] = ch !== undefined;
  }
  renderPlay();
}

// ---------------------------------------------------------------- Explore

const explore = { opener: "salet", path: [], generation: 0, restoring: false };

function histogram(hist) {
  const max = Math.max(...Object.values(hist));
  const grid = el("div", { class: "hist" });
  for (const [d, c] of Object.entries(hist)) {
    grid.append(el("span", {}, `${d} guesses`), el("span", { class: "bar", style: `width:${(100 * c) / max}%` }), el("span", { class: "num" }, c));
  }
  return grid;
}

// The board for a node: the guesses on the way with the colourings taken, then the node's guess.
function showWay(path, guesses) {
  explore.path = path;
  if (explore.restoring) return; // a link's node being opened: its board and address come at the end
  const turns = path.map((p, i) => ({ guess: guesses[i], colours: p }));
  const last = guesses[path.length];
  renderBoard($("#explore-board"), turns, { pending: last && path[path.length - 1] !== "GGGGG" ? last : null, rows: 0 });
  writeAddress();
}

// path: the colourings to the node; guesses: the tree's guesses on the way, this node's included.
function renderNode(node, path, guesses) {
  const box = el("div", { class: "node" });
  box.append(el("h3", {}, "Guess ", el("span", { class: "words" }, node.guess), ` \u2014 ${plural(node.answers, "answer")}, `,
    `${node.total} guesses in all (average ${fmt(node.average, 4)})`));
  if (node.words) box.append(el("p", { class: "words" }, node.words.join(", ")));
  box.append(histogram(node.histogram));
  for (const kid of node.children) {
    const summary = el("summary", {}, tiles(node.guess, kid.pattern, true),
      kid.solved ? el("span", { class: "solved" }, "solved") : `${plural(kid.answers, "answer")} \u2192 ${kid.guess.toUpperCase()}`);
    const det = el("details", { "data-pattern": kid.pattern }, summary);
    const kidPath = [...path, kid.pattern];
    const kidGuesses = [...guesses, kid.guess];
    det.addEventListener("toggle", async () => {
      if (!det.open) {
        showWay(path, guesses);
        return;
      }
      showWay(kidPath, kidGuesses);
      if (kid.solved || det.dataset.loaded) return;
      det.dataset.loaded = "1";
      try {
        det.append(renderNode(await fetchNode(kidPath), kidPath, kidGuesses));
        det.dispatchEvent(new Event("loaded"));
      } catch (e) {
        det.append(el("p", { class: "error" }, e.message));
        det.dispatchEvent(new Event("loaded"));
      }
    });
    box.append(det);
  }
  return box;
}

// Exactly what was proven: the optimum, or the best tree found within the
// server's budget with the proven lower bound (the API's t.note).
function treeSummary(t) {
  const figures = `${t.total} guesses for ${t.answers} answers (average ${fmt(t.average, 4)}, never more than ${t.max_depth}).`;
  if (t.proven) {
    return el("p", { id: "tree-summary" }, `Optimal tree from ${t.opener.toUpperCase()}: ${figures} Proven optimal for this opener.`);
  }
  return el("p", { id: "tree-summary", class: "estimate" }, `Best tree found from ${t.opener.toUpperCase()} within ` +
    `the server's ${t.seconds} s: ${figures} Not proven optimal: proven lower bound ${t.lower_bound} guesses in all ` +
    `(${fmt(t.lower_bound / t.answers, 4)} on average).`);
}

function fetchNode(path) {
  const opener = encodeURIComponent(explore.opener);
  return api("GET", `/api/explore?opener=${opener}&path=${path.join(",")}&${settingsQuery()}`);
}

// The tree of the opener in the form; `open`: colourings to open on the way down (a link's path).
async function loadTree(ev, open = []) {
  if (ev) ev.preventDefault();
  const generation = ++explore.generation;
  explore.opener = $("#opener").value.trim().toLowerCase() || "salet";
  $("#explore-error").textContent = "";
  $("#tree").replaceChildren(el("p", { class: "hint" }, "searching for the optimal tree\u2026"));
  showWay([], [explore.opener]);
  explore.restoring = open.length > 0;
  try {
    const node = await fetchNode([]);
    if (generation !== explore.generation) return;
    const t = node.tree;
    $("#tree").replaceChildren(
      treeSummary(t),
      renderNode(node, [], [t.opener]));
    let box = $("#tree > .node");
    for (const p of open) {
      const det = [...box.children].find((c) => c.tagName === "DETAILS" && c.dataset.pattern === p);
      if (!det) break;
      const loaded = new Promise((resolve) => det.addEventListener("loaded", resolve, { once: true }));
      det.open = true;
      if (p === "GGGGG") break;
      await loaded;
      if (generation !== explore.generation) return;
      box = [...det.children].find((c) => c.classList.contains("node"));
      if (!box) break;
    }
  } catch (e) {
    if (generation !== explore.generation) return;
    $("#tree").replaceChildren();
    $("#explore-error").textContent = e.message;
  } finally {
    if (generation === explore.generation && explore.restoring) {
      explore.restoring = false;
      const open = $$("#tree details[open]");
      const last = open[open.length - 1];
      if (last) last.dispatchEvent(new Event("toggle")); // the board and address of the deepest node opened
      else showWay([], [explore.opener]);
    }
  }
}

// ---------------------------------------------------------------- Review

const review = { game: "", answer: "" };

// Headings for the CLI's columns (the cells are the CLI's own text).
const REVIEW_HEAD = ["#", "guess", "answers before", "after", "expected, your guess", "expected, best guess",
  "best guess", "skill", "luck", "luck %"];

function renderReview(r) {
  renderBoard($("#review-board"), r.turns, { rows: r.turns.length });
  const table = el("table", { id: "review-table" }, el("tr", { class: "head" }, ...REVIEW_HEAD.map((h) => el("th", { scope: "col" }, h))));
  r.rows.forEach((row, i) => {
    const t = r.turns[i];
    const cells = [row[0], tiles(t.guess, t.colours, true), ...row.slice(3)];
    // (data-label: on a phone each row is a card, and each cell says its column)
    table.append(el("tr", { class: "review-row" }, ...cells.map((c, j) =>
      el("td", { class: j === 1 || j === 3 || j === 6 ? "" : "num", "data-label": REVIEW_HEAD[j] }, c))));
  });
  $("#review-out").replaceChildren(el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": "review table" }, table),
    el("p", { class: "hint" }, "Expected: guesses still needed, this one included, playing that guess and then " +
      "the best way (the exact optimum). Skill: 100 \u00d7 best \u00f7 yours, so 100 = a best guess. Luck: guesses " +
      "the colouring you got saved against the average colouring for your guess (+ lucky); luck %: the share " +
      "of colourings that would have left more to do."),
    ...r.notes.map((n) => el("p", { class: "note" }, n)));
}

async function runReview(ev) {
  if (ev) ev.preventDefault();
  review.game = $("#review-game").value.trim().split(/\s+/).join(" ");
  review.answer = $("#review-answer").value.trim().toLowerCase();
  writeAddress();
  $("#review-error").textContent = "";
  $("#review-board").replaceChildren();
  $("#review-out").replaceChildren(el("p", { class: "hint" }, "reviewing\u2026 (the first turn searches several openers: seconds)"));
  try {
    const body = { ...settings(), game: review.game, answer: review.answer || null };
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

async function copyLink() {
  const toast = $("#copied");
  try {
    await navigator.clipboard.writeText(location.href);
    toast.textContent = "Link copied";
  } catch (e) {
    toast.textContent = `Link: ${location.href}`;
  }
  setTimeout(() => { toast.textContent = ""; }, 4000);
}

// ---------------------------------------------------------------- theme

function darkNow() {
  const set = document.documentElement.dataset.theme;
  return set ? set === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
}

function showTheme() {
  const b = $("#theme");
  b.setAttribute("aria-pressed", darkNow() ? "true" : "false");
}

function toggleTheme() {
  const next = darkNow() ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  try { localStorage.setItem("wordle_opt.theme", next); } catch (e) { /* kept for this page only */ }
  showTheme();
}

// ---------------------------------------------------------------- settings

async function loadLists() {
  const sets = await api("GET", "/api/lists");
  $("#lists").replaceChildren(...sets.map((s) => el("option", { value: s.name, title: `${s.answers} answers, ${s.guesses} guesses` },
    `${s.name}: ${s.description} \u00b7 ${s.answers} answers`)));
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
  showSettings();
  $("#tree").replaceChildren();
  explore.path = [];
  if (page.view === "explore") loadTree();
  if (page.view === "review" && review.game) runReview();
  newGame();
}

async function main() {
  for (const b of $$(".tab")) b.addEventListener("click", () => openView(b.dataset.view));
  buildKeyboard();
  document.addEventListener("keydown", onKeydown);
  $("#colours").addEventListener("input", coloursTyped);
  $("#colours").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); enterTurn(); } });
  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redo);
  $("#newgame").addEventListener("click", newGame);
  $("#explore-form").addEventListener("submit", (ev) => { explore.path = []; loadTree(ev); });
  for (const id of ["#lists", "#hard", "#cap"]) $(id).addEventListener("change", settingsChanged);
  $("#upload").addEventListener("change", uploadList);
  $("#review-form").addEventListener("submit", runReview);
  $("#review-this").addEventListener("click", reviewThisGame);
  $("#review-share").addEventListener("click", copyLink);
  $("#theme").addEventListener("click", toggleTheme);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", showTheme);
  showTheme();
  renderPlay();
  await loadLists();
  // A link to another state (pasted, or edited by hand) applies it; any other fragment is not ours.
  window.addEventListener("hashchange", () => {
    if (VIEWS.includes(location.hash.slice(1).split("?")[0])) applyAddress();
    else writeAddress();
  });
  $(".skip").addEventListener("click", (ev) => { ev.preventDefault(); $("#main").focus(); });
  await applyAddress();
}

main();
