// Share the result (settlement page): the summary in #summary goes out through the Web Share
// API where the phone offers it (the system's share sheet), else onto the clipboard, with a
// sentence saying so. Without either, or without JavaScript, the button stays hidden and the
// page's text, the e-mail link and the read-only link remain.
(function () {
  "use strict";

  var button = document.getElementById("share-button");
  var summary = document.getElementById("summary");
  var status = document.getElementById("share-status");
  if (!button || !summary) {
    return;
  }
  var canShare = typeof navigator.share === "function";
  var canCopy = !!(navigator.clipboard && navigator.clipboard.writeText);
  if (!canShare && !canCopy) {
    return;
  }
  if (!canShare) {
    button.textContent = button.getAttribute("data-copy");
  }
  button.hidden = false;

  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }

  function copy(text) {
    if (!canCopy) {
      say(button.getAttribute("data-failed"));
      return;
    }
    navigator.clipboard.writeText(text).then(function () {
      say(button.getAttribute("data-copied"));
    }, function () {
      say(button.getAttribute("data-failed"));
    });
  }

  button.addEventListener("click", function () {
    var text = summary.textContent;
    if (canShare) {
      navigator.share({ title: button.getAttribute("data-title"), text: text }).catch(function (error) {
        // Dismissed by the user: nothing to say. Refused otherwise: copy instead.
        if (!error || error.name !== "AbortError") {
          copy(text);
        }
      });
    } else {
      copy(text);
    }
  });
})();
