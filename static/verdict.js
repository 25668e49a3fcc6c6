// The meld checker's verdict: after "Check" the page opens at /check#verdict, where the
// verdict stands above the melds and the card grid. Here it is also scrolled to the top of
// the screen once the card grid is built, and focused so a screen reader reads it out.
// Without JavaScript the #verdict fragment alone brings it into view.
(function () {
  "use strict";

  function show() {
    if (window.location.hash !== "#verdict") {
      return;
    }
    var verdict = document.getElementById("verdict");
    if (!verdict || !verdict.querySelector(".result")) {
      return;
    }
    verdict.scrollIntoView({ block: "start" });
    verdict.focus({ preventScroll: true });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", show);
  } else {
    show();
  }
})();
