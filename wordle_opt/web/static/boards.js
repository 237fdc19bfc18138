// wordle_opt's page: Play with several boards (Dordle 2, Quordle 4).  One
// guess, typed once, goes to every unsolved board; each board's tiles are
// coloured on their own, as on the one-board page.  The advice comes from
// POST /api/boards (the engine of `play --boards`: a heuristic, said so).
// Each board count keeps its own game: switching count loses nothing.
"use strict";

// n: the count shown (1: play.js's game); games[n]: that count's game
const multi = { n: 1, games: {}, flag: { key: "", reason: "" } };

function boardsOn() { return multi.n > 1; }

function newBoardsGame(n) {
  return { history: [], letters: "", colours: [], set: [], advice: null, redo: [], n };
}

function bgame() {
  if (!multi.games[multi.n]) multi.games[multi.n] = newBoardsGame(multi.n);
  return multi.games[multi.n];
}

function clearEntry(g) {
  g.letters = "";
  g.colours = Array.from({ length: g.n }, () => [0, 0, 0, 0, 0]);
  g.set = Array.from({ length: g.n }, () => [false, false, false, false, false]);
}

// Per board: the turn it was solved at (1-based), or null.
function solvedAt(g) {
  const at = Array(g.n).fill(null);
  g.history.forEach((t, i) => t.colours.forEach((c, b) => { if (c === "GGGGG" && at[b] === null) at[b] = i + 1; }));
  return at;
}

function boardsDone(g) { return solvedAt(g).every((s) => s !== null); }
// (the cap is the server's, the game's own: Dordle 7, Quordle 9; null until its first answer)
function boardsCap(g) { return g.advice ? g.advice.cap : null; }
function boardsCanEnter(g) { return !boardsDone(g) && (boardsCap(g) === null || g.history.length < boardsCap(g)); }

// The address's form: "tarse.BYBBB,BBGBY.crane.-,GGGGG" (- a board already solved).
function boardsGameText(turns) {
  return turns.map((t) => `${t.guess}.${t.colours.map((c) => c || "-").join(",")}`).join(".");
}

function parseBoardsGame(text, n) {
  if (!text) return [];
  const parts = text.toLowerCase().split(".");
  if (parts.length % 2) return null;
  const turns = [];
  for (let i = 0; i < parts.length; i += 2) {
    const colours = parts[i + 1].split(",");
    if (!/^[a-z]{5}$/.test(parts[i]) || colours.length !== n || !colours.every((c) => /^([byg]{5}|-)$/.test(c))) return null;
    turns.push({ guess: parts[i], colours: colours.map((c) => (c === "-" ? null : c.toUpperCase())) });
  }
  return turns;
}

// ---------------------------------------------------------------- showing

function setBoardCount(n, { load = true } = {}) {
  multi.n = n;
  for (const b of $$("#board-count button")) b.setAttribute("aria-pressed", String(Number(b.dataset.boards) === n));
  $("#board").hidden = n > 1;
  $("#boards").hidden = n === 1;
  $("#review-this").hidden = n > 1;
  $("#colours").maxLength = n > 1 ? 6 * n : 5;
  $("#colours").placeholder = n > 1 ? Array(n).fill("BYGBB").join(" ") : "BYGBB";
  $("#colours").value = "";
  $("#play-error").textContent = "";
  $("#play-note").textContent = "";
  showSettings();
  if (n === 1) {
    $("#redo").disabled = !play.redo.length;
    renderPlay();
    if (load) loadAdvice();
  } else {
    const g = bgame();
    if (!g.colours.length) clearEntry(g);
    $("#redo").disabled = !g.redo.length;
    renderBoards();
    if (load) loadBoards();
  }
  writeAddress();
}

function renderBoards() {
  const g = bgame();
  const at = solvedAt(g);
  const open = boardsCanEnter(g);
  $("#boards").replaceChildren(...at.map((s, b) => {
    const turns = g.history.filter((t) => t.colours[b] !== null).map((t) => ({ guess: t.guess, colours: t.colours[b] }));
    const entry = open && s === null ? { letters: g.letters, colours: g.colours[b], set: g.set[b], onCycle: (i) => cycleBoardTile(b, i) } : null;
    const box = el("div", { class: "board", id: `board-${b + 1}`, role: "group", "aria-label": `board ${b + 1}` });
    renderBoard(box, turns, { entry, rows: Math.max(6, boardsCap(g) || 0, turns.length + 1) });
    const left = g.advice && g.advice.boards[b];
    const title = s !== null ? `solved at guess ${s}` : left ? plural(left.candidates, "answer") + " left" : "";
    return el("div", { class: `board-box${s !== null ? " solved" : ""}` },
      el("p", { class: "board-title" }, el("b", {}, `Board ${b + 1}`), title ? ` \u00b7 ${title}` : ""), box);
  }));
  renderBoardKeys(g, at);
  renderBoardsFlag(g);
}

// A full word not in the list is flagged as it is typed (the boards are played in easy mode).
function renderBoardsFlag(g) {
  const key = `${settings().lists}|${g.letters}`;
  const bad = g.letters.length === 5 && multi.flag.key === key && multi.flag.reason;
  $("#play-flag").textContent = bad || "";
  for (const row of $$("#boards .entry")) row.classList.toggle("illegal", Boolean(bad));
  if (g.letters.length === 5 && multi.flag.key !== key) checkBoardsWord(key, g.letters);
}

// A key takes a colour when the letter's state is the same on every open board (every board, once all are solved).
function renderBoardKeys(g, at) {
  const all = at.map((s, b) => b);
  const open = all.some((b) => at[b] === null) ? all.filter((b) => at[b] === null) : all;
  const states = open.map((b) => {
    const state = {};
    for (const t of g.history) {
      if (t.colours[b] === null) continue;
      for (let i = 0; i < 5; i++) state[t.guess[i]] = Math.max(state[t.guess[i]] ?? -1, colourIndex(t.colours[b], i));
    }
    return state;
  });
  for (const key of $$("#keyboard .key")) {
    const k = key.dataset.key;
    if (k.length !== 1) continue;
    const seen = new Set(states.map((s) => s[k]));
    const c = states.length && seen.size === 1 ? [...seen][0] : undefined;
    key.className = `key${c === undefined ? "" : ` c${c}`}`;
    key.setAttribute("aria-label", c === undefined ? k.toUpperCase() : `${k.toUpperCase()}, ${COLOUR[c]} on every board shown`);
  }
}

async function checkBoardsWord(key, word) {
  multi.flag.key = key;
  multi.flag.reason = "";
  try {
    const r = await api("POST", "/api/check", { lists: settings().lists, hard: "easy", history: [], guess: word });
    multi.flag.reason = r.ok ? "" : r.reason;
  } catch (e) { /* (said when the word is played) */ }
  if (boardsOn() && multi.flag.key === key) renderBoardsFlag(bgame());
}

function cycleBoardTile(b, i) {
  const g = bgame();
  g.colours[b][i] = (g.colours[b][i] + 1) % 3;
  g.set[b][i] = true;
  renderBoards();
  const again = $(`#board-${b + 1} .entry .tile[data-i="${i}"]`);
  if (again) again.focus();
}

// ---------------------------------------------------------------- the advice

function boardsRequest(history) {
  // (the boards are played in easy mode, and to the game's own cap: Dordle 7, Quordle 9)
  return { lists: settings().lists, hard: "easy", boards: multi.n, max_guesses: null, history };
}

async function loadBoards() {
  const generation = ++play.generation;
  const g = bgame();
  $("#advice").replaceChildren(el("p", { class: "hint" }, "thinking\u2026"));
  $("#advice-more").replaceChildren();
  renderBoards();
  try {
    const a = await api("POST", "/api/boards", boardsRequest(g.history));
    if (generation !== play.generation) return;
    g.advice = a;
    renderBoards();
    renderBoardsAdvice(a);
    showSettings();
  } catch (e) {
    if (generation !== play.generation) return;
    $("#play-error").textContent = e.message;
    $("#advice").replaceChildren();
  }
}

function renderBoardsAdvice(a) {
  const parts = [el("p", { class: "hint", id: "boards-game" }, `${a.game}: ${a.boards.length} boards, one guess for all, ${a.cap} guesses`)];
  if (settings().hard !== "easy") parts.push(el("p", { class: "estimate" }, "Hard mode is not offered with several boards: they are played in easy mode."));
  if (a.done) parts.push(el("p", { class: "solved", id: "solved" }, a.note));
  else if (a.note) parts.push(el("p", { class: "estimate", id: "boards-note" }, a.note));
  const s = a.suggestion;
  if (s) {
    parts.push(el("p", { class: "suggestion" }, "Suggestion ", el("span", { class: "word", id: "suggestion" }, s.word), " ",
      el("button", { type: "button", id: "take", "aria-label": `use ${s.word.toUpperCase()}`, onclick: () => takeBoardsSuggestion(s.word) }, "Use")));
    parts.push(el("p", { class: "value estimate", id: "value" }, el("span", { class: "how" }, s.how)));
  }
  const list = el("ul", { id: "boards-left" });
  a.boards.forEach((b, i) => {
    const split = s && s.split[i];
    const line = b.solved_at !== null ? [`solved at guess ${b.solved_at}`]
      : [plural(b.candidates, "answer") + " left", b.words ? el("span", { class: "words" }, `: ${b.words.join(", ")}`) : null,
        split ? el("span", { class: "hint" }, ` \u00b7 ${s.word.toUpperCase()}: ${plural(split.colourings, "colouring")}, at worst ${split.at_worst} left${split.could_be_answer ? ", could be the answer" : ""}`) : null];
    list.append(el("li", {}, el("b", {}, `Board ${b.board}: `), ...line));
  });
  parts.push(list);
  $("#advice").replaceChildren(...parts);
  $("#advice-more").replaceChildren();
}

function takeBoardsSuggestion(word) {
  const g = bgame();
  if (!boardsCanEnter(g)) return;
  clearEntry(g);
  g.letters = word;
  $("#colours").value = "";
  renderBoards();
  const first = $("#boards .entry .tile");
  if (first) first.focus();
}

// ---------------------------------------------------------------- playing

function boardsPress(key) {
  const g = bgame();
  if (key === "enter") { boardsEnter(); return; }
  if (!boardsCanEnter(g)) return;
  const at = g.letters.length;
  if (key === "backspace") {
    if (!at) return;
    for (let b = 0; b < g.n; b++) { g.colours[b][at - 1] = 0; g.set[b][at - 1] = false; }
    g.letters = g.letters.slice(0, -1);
  } else if (/^[a-z]$/.test(key) && at < 5) {
    g.letters += key;
  } else {
    return;
  }
  renderBoards();
}

let boardsEntering = false;

async function boardsEnter() {
  const g = bgame();
  if (boardsEntering) return;
  if (boardsDone(g)) { $("#play-error").textContent = "every board is solved: New game or Undo"; return; }
  if (!boardsCanEnter(g)) { $("#play-error").textContent = "no guesses left: New game or Undo"; return; }
  if (g.letters.length !== 5) { $("#play-error").textContent = "type a 5-letter guess first"; return; }
  const at = solvedAt(g);
  const turn = { guess: g.letters, colours: at.map((s, b) => (s === null ? g.colours[b].map((c) => BYG[c]).join("") : null)) };
  const history = [...g.history, turn];
  const generation = ++play.generation;
  boardsEntering = true;
  $("#play-error").textContent = "";
  try {
    const a = await api("POST", "/api/boards", boardsRequest(history));
    if (generation !== play.generation) return;
    g.history = history;
    g.advice = a;
    g.redo = [];
    boardsNote("");
    clearEntry(g);
    $("#colours").value = "";
    renderBoards();
    renderBoardsAdvice(a);
    writeAddress();
  } catch (e) {
    $("#play-error").textContent = e.message; // nothing recorded
  } finally {
    boardsEntering = false;
  }
}

// "BYGBB GGGGG": the colours of each open board, in board order (as `play --boards` reads them).
function boardsColoursTyped() {
  const g = bgame();
  const open = solvedAt(g).map((s, b) => b).filter((b) => solvedAt(g)[b] === null);
  const words = $("#colours").value.toUpperCase().split(/[\s,]+/);
  open.forEach((b, k) => {
    for (let i = 0; i < 5; i++) {
      const ch = (words[k] || "")[i];
      g.colours[b][i] = ch === undefined ? 0 : "Y1".includes(ch) ? 1 : "G2".includes(ch) ? 2 : 0;
      g.set[b][i] = ch !== undefined;
    }
  });
  renderBoards();
}

// Undo and New game keep what they take away for Redo, as on one board.
function boardsKeep(g, what) {
  g.redo.push({ history: [...g.history], letters: g.letters, colours: g.colours.map((c) => [...c]), set: g.set.map((s) => [...s]) });
  if (g === bgame()) boardsNote(`${what}: Redo puts it back.`);
}

function boardsNote(note) {
  $("#redo").disabled = !bgame().redo.length;
  $("#play-note").textContent = note;
}

function boardsUndo() {
  const g = bgame();
  if (!g.history.length) return;
  boardsKeep(g, `Took back ${g.history[g.history.length - 1].guess.toUpperCase()}`);
  g.history.pop();
  writeAddress();
  loadBoards();
}

function boardsRedo() {
  const g = bgame();
  const back = g.redo.pop();
  if (!back) return;
  Object.assign(g, back);
  boardsNote("");
  writeAddress();
  loadBoards();
}

// New game: this count's (`all`: every count's, when the settings change).
function boardsNew({ all = false } = {}) {
  for (const g of all ? Object.values(multi.games) : [bgame()]) {
    if (g.history.length || g.letters) boardsKeep(g, "New game");
    g.history = [];
    g.advice = null;
    clearEntry(g);
  }
  $("#play-error").textContent = "";
  if (!boardsOn()) return;
  writeAddress();
  loadBoards();
}
