// Pinch-zoom and pan of the map (touch), wheel zoom and drag (mouse), and the +/−/Reset buttons.
// The gestures are Panzoom's (vendor/panzoom.min.js, npm package @panzoom/panzoom, MIT);
// this file only wires it to the page. mapview.py calls window.r3MapZoom.attach() once it has put
// map.svg into #map. A tap (no movement) still reaches the map's areas and blocks as a click.
(function () {
  "use strict";
  let zoom = null;

  function attach() {
    const holder = document.getElementById("map");
    const target = holder && holder.querySelector("svg");
    if (!target || typeof window.Panzoom !== "function") return false;
    if (zoom) zoom.destroy();
    zoom = window.Panzoom(target, {
      minScale: 1,
      maxScale: 6,
      step: 0.4,
      cursor: "grab",
      excludeClass: "no-pan",   // anything marked .no-pan keeps its own pointer handling
      // Panzoom's default cancels every pointerdown, which can swallow a touch tap's click on
      // an area; the mouse needs it (no text selection or native drag), touch does not (the
      // map's touch-action already keeps the browser's own gestures off).
      handleStartEvent: (event) => {
        if (event.pointerType === "mouse") event.preventDefault();
        event.stopPropagation();
      },
    });
    target.addEventListener("panzoomchange", () => {
      holder.dataset.zoom = zoom.getScale().toFixed(2);
    });
    holder.dataset.zoom = "1.00";
    return true;
  }

  function button(id, act) {
    const el = document.getElementById(id);
    if (el) el.addEventListener("click", () => { if (zoom) act(zoom); });
  }

  function wire() {
    // Wheel: zoom about the pointer (Panzoom leaves the binding to the page).
    const holder = document.getElementById("map");
    if (holder) {
      holder.addEventListener("wheel", (event) => {
        if (zoom) zoom.zoomWithWheel(event);
      }, { passive: false });
    }
    button("zoom-in", (z) => z.zoomIn());
    button("zoom-out", (z) => z.zoomOut());
    button("zoom-reset", (z) => z.reset());
  }

  window.r3MapZoom = { attach, get instance() { return zoom; } };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
