// Screen Wake Lock while a game page is open: the phone on the table does not go dark
// between rounds. Where the browser offers no Wake Lock (or refuses it: battery saver, a
// page not served over HTTPS) nothing happens and nothing is said. The lock is released by
// the browser when the page is hidden; it is asked for again when the page is shown.
(function () {
  "use strict";

  if (!("wakeLock" in navigator)) {
    return;
  }
  var lock = null;

  function acquire() {
    if (document.visibilityState !== "visible" || lock) {
      return;
    }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () {
        lock = null;
      });
    }).catch(function () {
      lock = null;
    });
  }

  document.addEventListener("visibilitychange", acquire);
  acquire();
})();
