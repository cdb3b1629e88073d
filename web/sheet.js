// The side panel as a sheet under the map, on a screen held upright (style.css: portrait): its
// handle, a tap or a drag, pulls it up over more of the screen or collapses it to the prompt.
// Three heights, `data-sheet` on #table-layout: "peek" (the prompt and a row of choices), "half"
// (the default, a little more for a battle) and "full" (the map keeps a strip). A drag follows
// the finger and settles on the nearest of the three when it ends. The map's size follows the
// sheet's (mapzoom.js keeps the current decision in view).
(function () {
  "use strict";
  const ORDER = ["peek", "half", "full"];
  let drag = null;

  function layout() { return document.getElementById("table-layout"); }
  function upright() { return window.matchMedia("(orientation: portrait)").matches; }

  function set(state) {
    const box = layout();
    box.dataset.sheet = state;
    box.style.removeProperty("--sheet");
    const handle = document.getElementById("sheet-handle");
    handle.setAttribute("aria-expanded", state === "full" ? "true" : "false");
    handle.setAttribute("aria-label", state === "full" ? "Show more of the map"
      : "Show more of the panel");
  }

  function heights() {
    // Each state's height in px, as the stylesheet gives it now.
    // The height a drag set (an inline --sheet) is left out while measuring: it would stand
    // for "half", whose height is not !important.
    const box = layout();
    const now = box.dataset.sheet;
    const dragged = box.style.getPropertyValue("--sheet");
    box.style.removeProperty("--sheet");
    const out = {};
    for (const state of ORDER) {
      box.dataset.sheet = state;
      out[state] = document.getElementById("panel").getBoundingClientRect().height;
    }
    box.dataset.sheet = now;
    if (dragged) box.style.setProperty("--sheet", dragged);
    return out;
  }

  function wire() {
    const handle = document.getElementById("sheet-handle");
    if (!handle) return;
    handle.addEventListener("pointerdown", (event) => {
      if (!upright()) return;
      drag = { y: event.clientY, start: document.getElementById("panel").getBoundingClientRect().height,
               moved: false, id: event.pointerId };
      handle.setPointerCapture(event.pointerId);
    });
    handle.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const dy = drag.y - event.clientY;
      if (Math.abs(dy) > 6) drag.moved = true;
      if (!drag.moved) return;
      const most = window.innerHeight - 120;
      const h = Math.max(96, Math.min(most, drag.start + dy));
      layout().style.setProperty("--sheet", `${h}px`);
    });
    const end = (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const moved = drag.moved;
      drag = null;
      if (!moved) return;
      const h = document.getElementById("panel").getBoundingClientRect().height;
      const all = heights();
      let best = "half";
      for (const state of ORDER) if (Math.abs(all[state] - h) < Math.abs(all[best] - h)) best = state;
      set(best);
      handle.dataset.dragged = "yes";  // the click that follows a drag is not a tap
    };
    handle.addEventListener("pointerup", end);
    handle.addEventListener("pointercancel", end);
    handle.addEventListener("click", () => {
      if (handle.dataset.dragged === "yes") { handle.dataset.dragged = ""; return; }
      const now = layout().dataset.sheet;
      set(now === "full" ? "half" : now === "half" ? "full" : "half");
    });
  }

  window.r3Sheet = { set };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
