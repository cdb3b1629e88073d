// The map's zoom and pan: pinch-zoom and drag (touch), wheel zoom and drag (mouse), the +/−/Fit
// buttons, the default zoom, and bringing the current decision into view.
// The gestures are Panzoom's (vendor/panzoom.min.js, npm package @panzoom/panzoom, MIT); this
// file wires it to the page. mapview.py calls window.r3MapZoom.attach() once it has put map.svg
// into #map, and r3MapZoom.focus(rects, anchor) (map units) with the parts of the map the
// current decision is about. A tap (no movement) still reaches the map's areas and blocks as a click.
//
// Scales: Panzoom's scale 1 shows the whole map (the <svg> fills #map, its viewBox "meet").
// The default zoom fills #map with the map (no empty bands: "cover", or the whole map when that
// leaves bands of less than a tenth) and, on a touch screen, is at least TOUCH_PX CSS px per map
// unit, where a block is 44 px and its name 11 px or more (web/board.py): a phone shows part of
// the map at that size and pans. The map never stays dragged away: when a gesture ends it slides
// back to cover #map (or to the middle, along a side where it is smaller than #map).
(function () {
  "use strict";
  const TOUCH_PX = 0.95;
  const MARGIN = 8;       // CSS px kept between what is brought into view and #map's edge
  let zoom = null;
  let holder = null;
  let svg = null;
  let chosen = false;   // the player zoomed or panned: keep his view until the next focus
  let wanted = null;    // the last focus asked for: {rects, anchor} (see focus)
  let fitted = false;   // the player asked for the whole map (Fit): kept until the next focus
  let lastFit = 0;      // CSS px per map unit at Panzoom's scale 1 when the map was last placed

  function coarse() {
    return window.matchMedia("(pointer: coarse)").matches;
  }

  function frame() {
    // The container's size, the viewBox, and the CSS px per map unit at Panzoom's scale 1.
    const box = holder.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const fit = Math.min(box.width / vb.width, box.height / vb.height);
    return { w: box.width, h: box.height, vb, fit,
             cover: Math.max(box.width / vb.width, box.height / vb.height) };
  }

  function defaultScale(f) {
    let px = f.fit / f.cover >= 0.9 ? f.fit : f.cover;
    if (coarse()) px = Math.max(px, TOUCH_PX);
    return px / f.fit;
  }

  // Panzoom scales about the middle of the <svg> (its transform-origin, 50% 50%), which fills
  // #map: a point p of the <svg> (CSS px, unscaled) is drawn at c + s * (p - c + pan), c the
  // middle. local() is where map point m is in the <svg>, along one axis.
  function local(f, m, axis) {
    const size = axis === "x" ? f.w : f.h;
    const extent = axis === "x" ? f.vb.width : f.vb.height;
    const start = axis === "x" ? f.vb.x : f.vb.y;
    return (size - extent * f.fit) / 2 + (m - start) * f.fit;
  }

  // Panzoom's pan (x, y) for scale s that puts map point (mx, my) at (sx, sy) of #map.
  function panFor(f, s, mx, my, sx, sy) {
    return [(sx - f.w / 2) / s + f.w / 2 - local(f, mx, "x"),
            (sy - f.h / 2) / s + f.h / 2 - local(f, my, "y")];
  }

  // The pan closest to (x, y) that keeps #map covered (or the map centred where it is smaller).
  function clamp(f, s, x, y) {
    const axis = (size, content, v) => {
      const c = size / 2;
      const offset = (size - content) / 2;
      if (content * s <= size) return c - offset - content / 2;
      const most = -c / s + c - offset;
      const least = (size - c) / s + c - offset - content;
      return Math.min(Math.max(v, least), most);
    };
    return [axis(f.w, f.vb.width * f.fit, x), axis(f.h, f.vb.height * f.fit, y)];
  }

  function place(s, x, y, animate) {
    const f = frame();
    const [cx, cy] = clamp(f, s, x, y);
    zoom.zoom(s, { animate: false, force: true, silent: true });
    zoom.pan(cx, cy, { animate: Boolean(animate), force: true });
    mark(s, f);
  }

  function mark(s, f) {
    f = f || frame();
    lastFit = f.fit;
    holder.dataset.zoom = s.toFixed(2);
    holder.dataset.px = (s * f.fit).toFixed(3);
  }

  // Where map point (mx, my) is now, in #map's pixels.
  function onScreen(f, mx, my) {
    const s = zoom.getScale();
    const { x, y } = zoom.getPan();
    return [f.w / 2 + s * (local(f, mx, "x") - f.w / 2 + x),
            f.h / 2 + s * (local(f, my, "y") - f.h / 2 + y)];
  }

  function union(rects) {
    const x0 = Math.min(...rects.map((r) => r[0]));
    const y0 = Math.min(...rects.map((r) => r[1]));
    const x1 = Math.max(...rects.map((r) => r[0] + r[2]));
    const y1 = Math.max(...rects.map((r) => r[1] + r[3]));
    return [x0, y0, x1 - x0, y1 - y0];
  }

  // Which part of the map to show at scale s, from what the decision is about (`want`: rects
  // and an anchor, map units): all of them if they fit; else the one nearest the anchor (the
  // selected block), or nearest the middle of the view, with the anchor if both fit.
  function pick(f, s, want) {
    if (!want || !want.rects.length) return null;
    const px = s * f.fit;
    const fits = (r) => r[2] * px <= f.w - 2 * MARGIN && r[3] * px <= f.h - 2 * MARGIN;
    const anchor = want.anchor;
    const all = union(anchor ? want.rects.concat([anchor]) : want.rects);
    if (fits(all)) return all;
    let cx;
    let cy;
    if (anchor) {
      [cx, cy] = [anchor[0] + anchor[2] / 2, anchor[1] + anchor[3] / 2];
    } else {  // the map point in the middle of #map now (the <svg>'s point c - pan)
      const { x, y } = zoom.getPan();
      cx = (f.w / 2 - x - (f.w - f.vb.width * f.fit) / 2) / f.fit + f.vb.x;
      cy = (f.h / 2 - y - (f.h - f.vb.height * f.fit) / 2) / f.fit + f.vb.y;
    }
    const dist = (r) => Math.hypot(r[0] + r[2] / 2 - cx, r[1] + r[3] / 2 - cy);
    const near = want.rects.reduce((a, r) => (dist(r) < dist(a) ? r : a));
    const both = anchor ? union([anchor, near]) : near;
    return fits(both) ? both : near;
  }

  // Bring what the decision is about (`want`, see pick) into view: at the default zoom (or the
  // player's, if he zoomed in), moving as little as needed; a part that does not fit is centred.
  function show(want, animate) {
    const f = frame();
    if (!f.w || !f.h) return;
    fitted = false;
    let s = defaultScale(f);
    // The player's own zoom, if he zoomed in further, as the same size on the screen.
    const kept = lastFit ? zoom.getScale() * lastFit / f.fit : 0;
    if (chosen && kept > s) s = kept;
    const rect = pick(f, s, want);
    if (Math.abs(s - zoom.getScale()) > 1e-3) {
      const c = rect || [f.vb.x + f.vb.width / 2, f.vb.y + f.vb.height / 2, 0, 0];
      const [x, y] = panFor(f, s, c[0] + c[2] / 2, c[1] + c[3] / 2, f.w / 2, f.h / 2);
      place(s, x, y, animate);
      return;
    }
    if (!rect) { place(s, zoom.getPan().x, zoom.getPan().y, animate); return; }
    const [l, t] = onScreen(f, rect[0], rect[1]);
    const [r, b] = onScreen(f, rect[0] + rect[2], rect[1] + rect[3]);
    let dx = 0;
    let dy = 0;
    if (r - l > f.w - 2 * MARGIN) dx = f.w / 2 - (l + r) / 2;
    else if (l < MARGIN) dx = MARGIN - l;
    else if (r > f.w - MARGIN) dx = f.w - MARGIN - r;
    if (b - t > f.h - 2 * MARGIN) dy = f.h / 2 - (t + b) / 2;
    else if (t < MARGIN) dy = MARGIN - t;
    else if (b > f.h - MARGIN) dy = f.h - MARGIN - b;
    const { x, y } = zoom.getPan();
    place(s, x + dx / s, y + dy / s, animate);
  }

  // The decision's parts of the map: `rects`, an array of [x, y, w, h] (map units), and
  // `anchor`, one more or null (mapview.bring_into_view).
  function focus(rects, anchor) {
    wanted = rects && rects.length ? { rects: Array.from(rects, (r) => Array.from(r)),
                                       anchor: anchor ? Array.from(anchor) : null } : null;
    if (zoom) show(wanted, true);
  }

  // #map changed size (the sheet moved, the screen turned): the default zoom again, unless the
  // player chose his own: then the whole map if he asked for it, else his zoom as the same
  // size on the screen (never under the default), inside the map's bounds.
  function refit() {
    if (!zoom) return;
    if (!chosen) { show(wanted, false); return; }
    const f = frame();
    if (!f.w || !f.h) return;
    const s = fitted ? 1 : Math.max(defaultScale(f), lastFit ? zoom.getScale() * lastFit / f.fit : 1);
    const { x, y } = zoom.getPan();
    place(s, x, y, false);
  }

  function attach() {
    holder = document.getElementById("map");
    svg = holder && holder.querySelector("svg");
    if (!svg || typeof window.Panzoom !== "function") return false;
    if (zoom) zoom.destroy();
    zoom = window.Panzoom(svg, {
      minScale: 1,
      maxScale: 8,
      step: 0.4,
      duration: 250,
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
    svg.addEventListener("panzoomchange", (event) => {
      if (event.detail && event.detail.originalEvent) { chosen = true; fitted = false; }
      mark(zoom.getScale());
    });
    svg.addEventListener("panzoomend", () => {
      const { x, y } = zoom.getPan();
      const [cx, cy] = clamp(frame(), zoom.getScale(), x, y);
      if (Math.abs(cx - x) > 0.5 || Math.abs(cy - y) > 0.5) zoom.pan(cx, cy, { animate: true, force: true });
    });
    // Panzoom pans to its start in a task of its own: show the map after it.
    setTimeout(() => show(wanted, false));
    if (window.ResizeObserver) new ResizeObserver(refit).observe(holder);
    return true;
  }

  function button(id, act) {
    const el = document.getElementById(id);
    if (el) el.addEventListener("click", () => { if (zoom) { chosen = true; act(zoom); } });
  }

  function wire() {
    // Wheel: zoom about the pointer (Panzoom leaves the binding to the page).
    const map = document.getElementById("map");
    if (map) {
      map.addEventListener("wheel", (event) => {
        if (!zoom) return;
        chosen = true;
        zoom.zoomWithWheel(event);
        const { x, y } = zoom.getPan();
        place(zoom.getScale(), x, y, false);
      }, { passive: false });
    }
    button("zoom-in", (z) => { const f = frame(); zoomAbout(f, z.getScale() * 1.5); });
    button("zoom-out", (z) => { const f = frame(); zoomAbout(f, Math.max(1, z.getScale() / 1.5)); });
    button("zoom-fit", () => { place(1, 0, 0, true); fitted = true; });
  }

  // Zoom to scale s about the middle of #map (Panzoom's origin: the pan stays).
  function zoomAbout(f, s) {
    s = Math.min(s, zoom.getOptions().maxScale);
    const { x, y } = zoom.getPan();
    place(s, x, y, true);
  }

  // Move the map as little as needed to show element `node` of the map (a block or an area the
  // keyboard went to), keeping the zoom.
  function reveal(node) {
    if (!zoom || !node) return;
    const f = frame();
    const box = holder.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    const margin = 8;
    const l = r.left - box.left;
    const t = r.top - box.top;
    const gap = (lo, hi, size) => (hi - lo > size - 2 * margin ? size / 2 - (lo + hi) / 2
      : lo < margin ? margin - lo : hi > size - margin ? size - margin - hi : 0);
    const dx = gap(l, l + r.width, f.w);
    const dy = gap(t, t + r.height, f.h);
    if (!dx && !dy) return;
    const s = zoom.getScale();
    const { x, y } = zoom.getPan();
    place(s, x + dx / s, y + dy / s, true);
  }

  window.r3MapZoom = {
    attach, focus, reveal,
    get instance() { return zoom; },
    // CSS px per map unit now (what a block's size is multiplied by on the screen).
    px() { return zoom ? zoom.getScale() * frame().fit : 0; },
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
