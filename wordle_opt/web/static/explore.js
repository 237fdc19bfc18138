// wordle_opt's page: the Explore view (the optimal tree, node by node).
"use strict";

// ---------------------------------------------------------------- Explore

// opener "": the server's choice for the game (the tree Play follows), shown once it answers;
// auto: the opener shown is that choice, made again when the settings change.
const explore = { opener: "", auto: false, path: [], generation: 0, restoring: false };

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

// The tree shown, as the files `python -m wordle_opt verify` reads.
function downloads() {
  const url = (format) => `/api/explore/download?opener=${encodeURIComponent(explore.opener)}&format=${format}&${settingsQuery()}`;
  return el("p", { class: "hint", id: "downloads" }, "Download this tree: ",
    el("a", { href: url("text"), download: "", id: "download-text" }, "text"), " \u00b7 ",
    el("a", { href: url("json"), download: "", id: "download-json" }, "JSON"),
    " (", el("code", {}, "python -m wordle_opt verify FILE"), " checks either)");
}

// One answer's way through the tree shown: its nodes opened down to it.
async function findAnswer(ev) {
  ev.preventDefault();
  const answer = $("#find-answer").value.trim().toLowerCase();
  $("#explore-error").textContent = "";
  if (!answer) { $("#explore-error").textContent = "type an answer to find"; return; }
  try {
    const opener = encodeURIComponent(explore.opener);
    const r = await api("GET", `/api/explore/find?answer=${encodeURIComponent(answer)}&opener=${opener}&${settingsQuery()}`);
    await loadTree(null, r.path);
  } catch (e) {
    $("#explore-error").textContent = e.message; // (the answer typed stays)
  }
}

function fetchNode(path) {
  const opener = encodeURIComponent(explore.opener);
  return api("GET", `/api/explore?opener=${opener}&path=${path.join(",")}&${settingsQuery()}`);
}

// The tree of the opener in the form; `open`: colourings to open on the way down (a link's path).
async function loadTree(ev, open = []) {
  if (ev) ev.preventDefault();
  const generation = ++explore.generation;
  if (explore.auto && $("#opener").value.trim().toLowerCase() !== explore.opener) explore.auto = false;
  explore.opener = explore.auto ? "" : $("#opener").value.trim().toLowerCase();
  $("#explore-error").textContent = "";
  $("#tree").replaceChildren(el("p", { class: "hint" }, "searching for the optimal tree\u2026"));
  showWay([], [explore.opener]);
  explore.restoring = open.length > 0;
  try {
    const node = await fetchNode([]);
    if (generation !== explore.generation) return;
    const t = node.tree;
    if (!explore.opener) {
      explore.opener = t.opener;
      explore.auto = true;
      $("#opener").value = t.opener;
      showWay([], [t.opener]);
    }
    $("#tree").replaceChildren(
      treeSummary(t),
      downloads(),
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
