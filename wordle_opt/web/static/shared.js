// wordle_opt's page, what every view shares: helpers, the board
// (renderBoard: Play's, Review's and Explore's), the settings.  Loaded
// first; the views' scripts, then app.js, follow (index.html).
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

// Copy `text`, and say so for a few seconds (`fallback`: said when the browser refuses).
async function copyText(text, copied, fallback) {
  const toast = $("#copied");
  try {
    await navigator.clipboard.writeText(text);
    toast.textContent = copied;
  } catch (e) {
    toast.textContent = fallback;
  }
  setTimeout(() => { toast.textContent = ""; }, 4000);
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

// A game as the address holds it: "salet.BYBYY.grate.BGGGB".
function gameText(turns) { return turns.map((t) => `${t.guess}.${t.colours}`).join("."); }

// The address of `view` with `params` under the current settings (its form: app.js).
function hashOf(view, params) {
  const s = settings();
  const q = new URLSearchParams({ ...params, lists: s.lists, rule: s.hard, cap: s.max_guesses === null ? "none" : String(s.max_guesses) });
  return `#${view}?${q.toString().replace(/%2C/g, ",")}`;
}

function showSettings() {
  const s = settings();
  if (typeof boardsOn === "function" && boardsOn()) { // (boards.js: easy mode, the game's own cap)
    $("#settings-now").textContent = `${s.lists} \u00b7 ${multi.n} boards: easy, ${boardsCap(bgame()) || "the game's"} guesses`;
    return;
  }
  $("#settings-now").textContent = `${s.lists} \u00b7 ${$("#hard").selectedOptions[0].text} \u00b7 ` +
    (s.max_guesses === null ? "no cap" : `at most ${s.max_guesses} guesses`);
}
