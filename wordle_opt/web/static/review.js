// wordle_opt's page: the Review view (a game, guess by guess, against the
// best play).
"use strict";

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

// `pasted`: a game pasted as players share it (the server reads it: reviews.sharing);
// once reviewed, the form and the address hold it as word.COLOURS pairs.
async function runReview(ev, pasted = null) {
  if (ev) ev.preventDefault();
  if (pasted === null) {
    review.game = $("#review-game").value.trim().split(/\s+/).join(" ");
    review.answer = $("#review-answer").value.trim().toLowerCase();
    writeAddress();
  }
  $("#review-error").textContent = "";
  $("#review-board").replaceChildren();
  $("#review-out").replaceChildren(el("p", { class: "hint" }, "reviewing\u2026 (the first turn searches several openers: seconds)"));
  try {
    const body = { ...settings(), game: pasted ?? review.game, answer: pasted === null ? review.answer || null : null };
    const r = await api("POST", "/api/review", body);
    if (pasted !== null) {
      review.game = gameText(r.turns);
      review.answer = "";
      $("#review-game").value = review.game;
      $("#review-answer").value = "";
      $("#paste-box").open = false;
      writeAddress();
    }
    renderReview(r);
  } catch (e) {
    $("#review-out").replaceChildren();
    $("#review-error").textContent = e.message; // (the pasted text stays in its box)
  }
}

function runPasted(ev) {
  ev.preventDefault();
  const text = $("#paste").value.trim();
  if (!text) { $("#review-error").textContent = "paste a game first"; return; }
  runReview(null, text);
}

function reviewThisGame() {
  if (!play.history.length) { $("#play-error").textContent = "play at least one guess first"; return; }
  $("#review-game").value = gameText(play.history);
  $("#review-answer").value = "";
  show("review");
  runReview();
}
