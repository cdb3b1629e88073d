// The browser's storage for the page's MicroPython (web/saves.py, via session.storage()), every call
// guarded here: an exception thrown by localStorage (a SecurityError when the browser blocks
// storage, as in some embedding frames, where even reading `window.localStorage` throws; a
// QuotaExceededError when it is full) cannot be caught on MicroPython's side, where it would
// stop the page. So failures come back as values instead: setItem and removeItem give false,
// getItem and key give null, length gives 0; usable() says whether storage can be read at all;
// persist() asks for storage the browser keeps.
(function () {
  'use strict';
  function store() { return window.localStorage; }
  window.r3Storage = {
    usable() { try { return Boolean(store()) && typeof store().length === 'number'; } catch (e) { return false; } },
    get length() { try { return store().length; } catch (e) { return 0; } },
    key(i) { try { return store().key(i); } catch (e) { return null; } },
    getItem(k) { try { return store().getItem(k); } catch (e) { return null; } },
    setItem(k, v) { try { store().setItem(k, v); return true; } catch (e) { return false; } },
    removeItem(k) { try { store().removeItem(k); return true; } catch (e) { return false; } },
    // Ask the browser to keep the site's storage (Safari otherwise deletes it after 7 days
    // without a visit, unless the site is on the home screen): a promise of "persisted" (kept),
    // "denied" or "unsupported"; it never rejects.
    async persist() {
      try {
        const manager = navigator.storage;
        if (!manager || !manager.persist) return 'unsupported';
        if (manager.persisted && await manager.persisted()) return 'persisted';
        return (await manager.persist()) ? 'persisted' : 'denied';
      } catch (e) {
        return 'unsupported';
      }
    },
  };
}());
