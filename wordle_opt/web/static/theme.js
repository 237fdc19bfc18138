// The theme before the first paint: the toggle's choice if one is kept, else the system's
// (prefers-color-scheme, in style.css).  A file of its own, not inline: no inline script.
"use strict";
try {
  const kept = localStorage.getItem("wordle_opt.theme");
  if (kept === "dark" || kept === "light") document.documentElement.dataset.theme = kept;
} catch (e) { /* storage blocked: follow the system */ }
