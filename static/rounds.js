// Round forms and history (templates/rounds_*.html), a progressive enhancement:
// - the player who went out: their points and cards fields are hidden and not sent;
// - cards typed or tapped are counted live with the rule set's penalty table, which the form
//   carries as data attributes (display only: the server counts what is saved);
// - history times are shown in the phone's time zone.
// Without JavaScript the forms post as they are and the server shows its count.
(function () {
  "use strict";

  var SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", "♣": "♣", "♧": "♣", "♦": "♦", "♢": "♦",
    "♥": "♥", "♡": "♥", "♠": "♠", "♤": "♠" };

  function rankNumber(text) {
    var r = text.toUpperCase();
    if (r === "A") { return 1; }
    if (r === "J" || r === "B") { return 11; }
    if (r === "Q" || r === "D") { return 12; }
    if (r === "K") { return 13; }
    if (r === "T" || r === "10") { return 10; }
    return /^[2-9]$/.test(r) ? Number(r) : 0;
  }

  // One card in the notation of RULES.md section 1, or null.
  function parseCard(token) {
    var up = token.toUpperCase();
    if (up === "JK" || up === "*" || up === "JOKER" || token === "🃏") {
      return { joker: true };
    }
    var chars = Array.from(token);
    var suit = SUITS[chars[chars.length - 1].toUpperCase()];
    var rank = rankNumber(chars.slice(0, -1).join(""));
    return suit && rank ? { rank: rank, suit: suit } : null;
  }

  // "A♠ Joker 7♥ = 75 points", or "" when the text is empty or not all cards.
  function countText(form, text) {
    var table = (form.getAttribute("data-penalty") || "").split(" ").map(Number);
    var joker = Number(form.getAttribute("data-joker"));
    var wildTwo = form.getAttribute("data-wild-two");
    var ranks = (form.getAttribute("data-ranks") || "").split(" ");
    var tokens = text.split(/[\s,]+/).filter(function (t) { return t !== ""; });
    if (tokens.length === 0 || tokens.length > 60 || table.length !== 13) {
      return "";
    }
    var total = 0;
    var shown = [];
    for (var i = 0; i < tokens.length; i++) {
      var card = parseCard(tokens[i]);
      if (!card) {
        return "";
      }
      if (card.joker) {
        total += joker;
        shown.push("Joker");
      } else {
        total += card.rank === 2 && wildTwo ? Number(wildTwo) : table[card.rank - 1];
        shown.push((ranks[card.rank - 1] || String(card.rank)) + card.suit);
      }
    }
    // The sentence comes from the page's language table: "{points|point|points}" is its
    // plural choice (the singular for exactly 1).
    return (form.getAttribute("data-count-text") || "{cards} = {points}")
      .replace(/\{points\|([^|{}]*)\|([^|{}]*)\}/g, function (_, one, other) {
        return total === 1 ? one : other;
      })
      .replace("{cards}", shown.join(" ")).replace("{points}", String(total));
  }

  function setupCounts(form) {
    if (!form.hasAttribute("data-penalty")) {
      return;
    }
    Array.prototype.forEach.call(form.querySelectorAll("input[data-count]"), function (field) {
      var output = document.getElementById(field.getAttribute("data-count"));
      if (!output) {
        return;
      }
      field.addEventListener("input", function () {
        output.textContent = countText(form, field.value);
      });
    });
  }

  function setupWinner(form) {
    var players = form.querySelectorAll("fieldset[data-player]");
    function update() {
      var checked = form.querySelector("input[name='went_out']:checked");
      var winner = checked ? checked.value.trim().toLowerCase() : "";
      Array.prototype.forEach.call(players, function (fieldset) {
        var isWinner = winner !== "" &&
          fieldset.getAttribute("data-player").trim().toLowerCase() === winner;
        var penalty = fieldset.querySelector(".penalty");
        var note = fieldset.querySelector(".winner-note");
        fieldset.classList.toggle("is-winner", isWinner);
        if (penalty) {
          penalty.hidden = isWinner;
          Array.prototype.forEach.call(penalty.querySelectorAll("input"), function (input) {
            input.disabled = isWinner;
          });
        }
        if (note) {
          note.hidden = !isWinner;
        }
      });
    }
    form.addEventListener("change", function (event) {
      if (event.target.name === "went_out") {
        update();
      }
    });
    update();
  }

  function localTimes() {
    var lang = document.documentElement.lang || undefined;
    Array.prototype.forEach.call(document.querySelectorAll("time[datetime]"), function (t) {
      var date = new Date(t.getAttribute("datetime"));
      if (!isNaN(date.getTime())) {
        try {
          t.textContent = date.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
        } catch (e) {
          // Keep the server's UTC text.
        }
      }
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("form.round-form"), function (form) {
      setupCounts(form);
      setupWinner(form);
    });
    localTimes();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
