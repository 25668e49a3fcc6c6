// Share the result (settlement page): the summary in #summary (a read-only text box) goes
// out through the Web Share API where the phone offers it (the system's share sheet), else
// onto the clipboard, with a sentence saying so. Without either (plain HTTP on the LAN offers
// neither), or without JavaScript, the button stays hidden and the text box, the "Send via"
// links (WhatsApp, Telegram, SMS, e-mail, the text filled in by the server) and the
// read-only link remain. A tap on the box selects all of its text, ready to copy.
(function () {
  "use strict";

  var button = document.getElementById("share-button");
  var summary = document.getElementById("summary");
  var status = document.getElementById("share-status");
  if (!summary) {
    return;
  }

  function selectAll() {
    summary.focus();
    summary.select();
    // iOS Safari selects nothing with select() alone in a read-only box.
    if (summary.setSelectionRange) {
      summary.setSelectionRange(0, summary.value.length);
    }
  }
  summary.addEventListener("focus", selectAll);
  summary.addEventListener("click", selectAll);

  if (!button) {
    return;
  }
  var canShare = typeof navigator.share === "function";
  var canCopy = !!(navigator.clipboard && navigator.clipboard.writeText);
  if (!canShare && !canCopy) {
    // The room kept for the button where scripts run (game.css) is given back.
    button.classList.add("gone");
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
    var text = summary.value;
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
