// Kontrakt: follows a game live. The element with data-live names the game's JSON twin and
// data-version the version shown; when another phone changes the game, the version moves
// and the page reloads, so it always shows the truth. Without JavaScript nothing changes:
// a manual reload does the same. Polls every few seconds while the page is visible, backs
// off when the network fails, and stops when the game is gone.
(function () {
  "use strict";
  // The service worker (/sw.js) keeps this page and its files for a reload without a
  // connection. Browsers allow one only in a secure context (HTTPS, or localhost).
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }
  var root = document.querySelector("[data-live]");
  if (!root || !window.fetch) {
    return;
  }
  var url = root.getAttribute("data-live");
  var shown = root.getAttribute("data-version");
  var every = 4000;
  var delay = every;
  var timer = null;
  var busy = false;
  var stopped = false;

  function schedule(ms) {
    clearTimeout(timer);
    if (!stopped) {
      timer = setTimeout(poll, ms);
    }
  }

  function poll() {
    if (busy || stopped || document.hidden) {
      return;
    }
    busy = true;
    fetch(url, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (response.status === 403 || response.status === 404) {
          stopped = true;
        }
        if (!response.ok) {
          throw new Error("status " + response.status);
        }
        return response.json();
      })
      .then(function (state) {
        delay = every;
        if (String(state.version) !== shown) {
          stopped = true;
          window.location.reload();
        }
      })
      .catch(function () {
        delay = Math.min(delay * 2, 60000);
      })
      .then(function () {
        busy = false;
        schedule(delay);
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      schedule(0);
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      schedule(0);
    }
  });
  schedule(delay);
})();
