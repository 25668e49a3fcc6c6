// Screen Wake Lock while a game page is open: the phone on the table does not go dark
// between rounds. The lock is released by the browser when the page is hidden; it is asked
// for again when the page is shown.
//
// Where the page cannot keep the screen on, it says so once, briefly, with what helps
// (#wake-notice, its words rendered by the server in the page's language): not a secure
// context (plain HTTP to another computer) means no Wake Lock at all, so the notice points
// to the page's https:// address where the server offers one, else to the phone's screen
// timeout; a browser without Wake Lock, or one that refuses it (battery saver), gets the
// screen timeout. Dismissed, it stays away on this phone (localStorage); shown once, it
// stays away for the rest of the visit (sessionStorage), so it does not come back with
// every round.
(function () {
  "use strict";

  var notice = document.getElementById("wake-notice");
  var KEY = "kontrakt-wake-notice";

  function stored(storage, name) {
    try {
      return storage.getItem(name);
    } catch (e) {
      return null;
    }
  }

  function store(storage, name, value) {
    try {
      storage.setItem(name, value);
    } catch (e) {
      // Private mode without storage: the notice may come back, nothing else is lost.
    }
  }

  // Shows the notice's paragraphs for `reason` ("insecure" or "refused"), once.
  function tell(reason) {
    if (!notice || !notice.hidden) {
      return;
    }
    if (stored(window.localStorage, KEY + ":" + reason) || stored(window.sessionStorage, KEY)) {
      return;
    }
    var parts = notice.querySelectorAll("[data-wake]");
    for (var i = 0; i < parts.length; i++) {
      var reasons = " " + parts[i].getAttribute("data-wake") + " ";
      parts[i].hidden = reasons.indexOf(" " + reason + " ") < 0;
    }
    notice.setAttribute("data-reason", reason);
    notice.hidden = false;
    store(window.sessionStorage, KEY, reason);
    var dismiss = document.getElementById("wake-dismiss");
    if (dismiss) {
      dismiss.addEventListener("click", function () {
        notice.hidden = true;
        store(window.localStorage, KEY + ":" + reason, "dismissed");
      });
    }
  }

  if (!window.isSecureContext) {
    tell("insecure");
    return;
  }
  if (!("wakeLock" in navigator)) {
    tell("refused");
    return;
  }
  var lock = null;

  function acquire() {
    if (document.visibilityState !== "visible" || lock) {
      return;
    }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.setAttribute("data-wake-lock", "held");
      sentinel.addEventListener("release", function () {
        lock = null;
        document.documentElement.setAttribute("data-wake-lock", "released");
      });
    }).catch(function () {
      lock = null;
      document.documentElement.setAttribute("data-wake-lock", "refused");
      tell("refused");
    });
  }

  document.addEventListener("visibilitychange", acquire);
  acquire();
})();
