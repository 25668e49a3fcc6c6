// The Print button: shown only with JavaScript (without it the browser's own menu prints the
// same clean page), it opens the print dialog.
(function () {
  "use strict";

  var button = document.getElementById("print-button");
  if (!button || typeof window.print !== "function") {
    return;
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    window.print();
  });
})();
