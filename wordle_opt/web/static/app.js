// wordle_opt's page: plain JavaScript, no build step, no network but this server.
//
// One board (renderBoard) serves the three views: Play (the guesses so far and
// the row being entered), Review (the game reviewed) and Explore (the way
// through the tree to the node shown).  The page's state lives in its address:
//   #play?game=salet.BYBYY.grate.BGGGB&lists=original&rule=easy&cap=6
//   #review?game=salet.drone.crate&answer=crate&...
//   #explore?opener=salet&path=BYBBB,BBGBY&...
// so a link restores a game, a review or a node, and a reload keeps it.
//
// The scripts, in the order index.html loads them: shared.js (helpers, the
// board, the settings), play.js, boards.js (Play with 2 or 4 boards), explore.js, review.js, then this one: the
// address, the views, the theme, the lists, and main().
"use strict";

// ---------------------------------------------------------------- the address

const page = { view: "play" };

function writeAddress() {
  const q = {};
  if (page.view === "play" && boardsOn()) {
    q.boards = multi.n;
    if (bgame().history.length) q.game = boardsGameText(bgame().history);
  } else if (page.view === "play") {
    if (play.history.length) q.game = gameText(play.history);
  } else if (page.view === "review") {
    if (review.game) q.game = review.game;
    if (review.answer) q.answer = review.answer;
  } else {
    if (explore.opener) q.opener = explore.opener;
    if (explore.path.length) q.path = explore.path.join(",");
  }
  const hash = hashOf(page.view, q);
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
  const n = ["2", "4"].includes(q.get("boards")) ? Number(q.get("boards")) : 1;
  if (view === "play" && n > 1) {
    const turns = parseBoardsGame(q.get("game"), n);
    multi.games[n] = newBoardsGame(n);
    clearEntry(multi.games[n]);
    multi.games[n].history = turns || [];
    show("play");
    setBoardCount(n, { load: false });
    if (turns === null) $("#play-error").textContent = `the address's game is not guess.COLOURS pairs with ${n} colourings, commas between: a new game instead`;
    await loadBoards();
  } else if (view === "play") {
    const turns = parseGame(q.get("game"));
    play.history = turns || [];
    resetEntry();
    show("play");
    setBoardCount(1, { load: false });
    if (turns === null) $("#play-error").textContent = "the address's game is not guess.COLOURS pairs: a new game instead";
    await loadAdvice();
  } else if (view === "review") {
    $("#review-game").value = q.get("game") || "";
    $("#review-answer").value = q.get("answer") || "";
    show("review");
    if (q.get("game")) await runReview();
  } else {
    explore.opener = (q.get("opener") || "").toLowerCase();
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
  if (view === "play" && boardsOn() && !bgame().advice) loadBoards();
  else if (view === "play" && !boardsOn() && !play.advice) loadAdvice();
}

// ---------------------------------------------------------------- the link

function copyLink() { return copyText(location.href, "Link copied", `Link: ${location.href}`); }

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
  // Today's game first, selected: the page opens on it (the address may name another).
  $("#lists").replaceChildren(...sets.map((s) => el("option", { value: s.name, title: `${s.answers} answers, ${s.guesses} guesses` },
    s.today ? `${s.title} (${s.name}) \u00b7 ${s.answers} answers` : `${s.name}: ${s.description} \u00b7 ${s.answers} answers`)));
  const today = sets.find((s) => s.today);
  if (today) $("#lists").value = today.name;
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

// "Not the answer": the answers pasted or in the file are taken out of the
// list shown (POST /api/exclude); the lists left are played from then on.
async function excludeAnswers() {
  const file = $("#exclude-file").files[0];
  const words = `${$("#exclude").value}\n${file ? await file.text() : ""}`;
  $("#exclude-error").textContent = "";
  try {
    const r = await api("POST", "/api/exclude", { lists: settings().lists, words });
    $("#lists").append(el("option", { value: r.name }, `${r.label} \u00b7 ${r.answers} answers`));
    $("#lists").value = r.name;
    $("#exclude").value = "";
    $("#exclude-file").value = "";
    settingsChanged();
  } catch (e) {
    $("#exclude-error").textContent = e.message; // (what was entered stays)
  }
}

function settingsChanged() {
  showSettings();
  $("#tree").replaceChildren();
  explore.path = [];
  if (page.view === "explore") loadTree();
  if (page.view === "review" && review.game) runReview();
  boardsNew({ all: true });
  newGame({ load: !boardsOn() });
}

async function main() {
  for (const b of $$(".tab")) b.addEventListener("click", () => openView(b.dataset.view));
  buildKeyboard();
  document.addEventListener("keydown", onKeydown);
  $("#colours").addEventListener("input", coloursTyped);
  $("#colours").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); enterTurn(); } });
  $("#undo").addEventListener("click", () => (boardsOn() ? boardsUndo() : undo()));
  $("#redo").addEventListener("click", () => (boardsOn() ? boardsRedo() : redo()));
  $("#newgame").addEventListener("click", () => (boardsOn() ? boardsNew() : newGame()));
  for (const b of $$("#board-count button")) b.addEventListener("click", () => setBoardCount(Number(b.dataset.boards)));
  $("#explore-form").addEventListener("submit", (ev) => { explore.path = []; loadTree(ev); });
  $("#find-form").addEventListener("submit", findAnswer);
  for (const id of ["#lists", "#hard", "#cap"]) $(id).addEventListener("change", settingsChanged);
  $("#upload").addEventListener("change", uploadList);
  $("#exclude-go").addEventListener("click", excludeAnswers);
  $("#review-form").addEventListener("submit", runReview);
  $("#paste-form").addEventListener("submit", runPasted);
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
