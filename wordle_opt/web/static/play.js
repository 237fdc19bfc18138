// wordle_opt's page: the Play view (the guesses so far, the row being
// entered, the keyboard, the advice and its alternatives).
"use strict";

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
  renderFlag();
}

// ---------------------------------------------------------------- the word being typed
//
// A full word is checked by the server as it is typed (POST /api/check: the
// package's own rule, no copy here): a word the game would refuse (not an
// allowed guess; in hard mode, one that breaks the rule) is flagged with the
// reason before it is played.

// key: what the flag was checked for (settings, game, word); renderFlag asks for a new one.
const flag = { key: "", reason: "", asked: "" };

function typedKey() {
  return `${settingsQuery()}|${gameText(play.history)}|${play.letters}`;
}

function renderFlag() {
  const key = typedKey();
  const full = play.letters.length === 5 && canEnter();
  const bad = full && flag.key === key && flag.reason;
  $("#play-flag").textContent = bad ? flag.reason : "";
  const row = $("#board .entry");
  if (row) row.classList.toggle("illegal", Boolean(bad));
  if (full && flag.key !== key && flag.asked !== key) checkTyped(key);
}

async function checkTyped(key) {
  flag.asked = key;
  try {
    const r = await api("POST", "/api/check", { ...settings(), history: play.history, guess: play.letters });
    flag.reason = r.ok ? "" : r.reason;
  } catch (e) {
    flag.reason = ""; // (the word is checked again when played: that error is said then)
  }
  if (flag.asked !== key) return; // asked again meanwhile
  flag.key = key;
  flag.asked = "";
  if (typedKey() === key && !boardsOn()) renderFlag();
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
  if (boardsOn()) { boardsPress(key); return; }
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
  const onTile = t.closest && t.closest("#view-play .entry .tile");
  if (key === " " && onTile) return;
  const typing = key === "enter" && (boardsOn() ? bgame().letters : play.letters).length > 0;
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
  if (a.share) {
    const n = play.history.length;
    const said = a.solved ? el("p", { class: "solved", id: "solved" }, `Solved in ${plural(n, "guess", "guesses")}!`)
      : el("p", { class: "estimate" }, a.note);
    out.replaceChildren(said, shareBox(a.share));
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

// A finished game: the emoji grid players share (the server's, reviews.sharing),
// Copy (the grid and a link to the game's review) and the review itself.
function shareBox(grid) {
  const link = location.origin + location.pathname + hashOf("review", { game: gameText(play.history) });
  const copy = () => copyText(`${grid}\n\n${link}`, "Grid and link copied", "Copy did not work here: select the grid and copy it");
  return el("div", { class: "share-box", id: "share" },
    el("pre", { id: "share-grid", "aria-label": "your game as emoji tiles" }, grid),
    el("p", {}, el("button", { type: "button", id: "share-copy", onclick: copy }, "Copy grid and link"), " ",
      el("a", { href: link, id: "share-review" }, "Review this game")));
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
  if (boardsOn()) { boardsEnter(); return; }
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
function keep(what, say = true) {
  play.redo.push({ history: [...play.history], letters: play.letters, colours: [...play.colours], set: [...play.set], what });
  if (say) showRedo(`${what}: Redo puts it back.`);
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

// (load false: the game is cleared while several boards are shown, kept for Redo all the same)
function newGame({ load = true } = {}) {
  if (play.history.length || play.letters) keep("New game", load);
  play.history = [];
  play.advice = null;
  resetEntry();
  if (!load) return;
  $("#play-error").textContent = "";
  writeAddress();
  loadAdvice();
}

function coloursTyped() {
  if (boardsOn()) { boardsColoursTyped(); return; }
  const text = $("#colours").value.toUpperCase();
  for (let i = 0; i < 5; i++) {
    const ch = text[i];
    play.colours[i] = ch === undefined ? 0 : "Y1".includes(ch) ? 1 : "G2".includes(ch) ? 2 : 0;
    play.set[i] = ch !== undefined;
  }
  renderPlay();
}
