// Round forms and history (templates/rounds_*.html), a progressive enhancement:
// - the player who went out: their points and cards fields are hidden and not sent;
// - cards typed or tapped are counted live with the rule set's penalty table, which the form
//   carries as data attributes (display only: the server counts what is saved), and shown as
//   chips with their sum in the player's row, which stays at the top of the screen while the
//   row's card grid is tapped;
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
    return suit && rank ? { rank: rank, suit: suit } : german(up);
  }

  // The German letters, read as the server reads them (RULES.md section 1, "German
  // letters"): the suit in front ("HK", "T2", "Karo-A"; a K in front is Karo), else the rank
  // in front ("BP", "DKr"); a lone K after the rank is Kreuz or Karo and is no card.
  var GERMAN_SUITS = [["KREUZ", "♣"], ["TREFF", "♣"], ["KARO", "♦"], ["HERZ", "♥"],
    ["PIK", "♠"], ["KR", "♣"], ["KA", "♦"], ["T", "♣"], ["H", "♥"], ["P", "♠"]];

  function germanRank(text) {
    var words = { A: 1, ASS: 1, B: 11, BUBE: 11, D: 12, DAME: 12, K: 13 };
    if (Object.prototype.hasOwnProperty.call(words, text)) { return words[text]; }
    return /^([2-9]|10)$/.test(text) ? Number(text) : 0;
  }

  function german(up) {
    var word = up.replace(/[-.]/g, "");
    var front = GERMAN_SUITS.concat([["K", "♦"]]);
    for (var i = 0; i < front.length; i++) {
      if (word.indexOf(front[i][0]) === 0) {
        var rank = germanRank(word.slice(front[i][0].length));
        if (rank) { return { rank: rank, suit: front[i][1] }; }
      }
    }
    for (var j = 0; j < GERMAN_SUITS.length; j++) {
      var name = GERMAN_SUITS[j][0];
      if (word.length > name.length && word.slice(-name.length) === name) {
        var r = germanRank(word.slice(0, -name.length));
        if (r) { return { rank: r, suit: GERMAN_SUITS[j][1] }; }
      }
    }
    return null;
  }

  // The cards of the text and their points by the rule set's table: { cards: [{ text,
  // red, joker }], total }, or null when the text is empty or not all cards.
  function counted(form, text) {
    var table = (form.getAttribute("data-penalty") || "").split(" ").map(Number);
    var joker = Number(form.getAttribute("data-joker"));
    var wildTwo = form.getAttribute("data-wild-two");
    var ranks = (form.getAttribute("data-ranks") || "").split(" ");
    var tokens = text.split(/[\s,]+/).filter(function (t) { return t !== ""; });
    if (tokens.length === 0 || tokens.length > 60 || table.length !== 13) {
      return null;
    }
    var total = 0;
    var cards = [];
    for (var i = 0; i < tokens.length; i++) {
      var card = parseCard(tokens[i]);
      if (!card) {
        return null;
      }
      if (card.joker) {
        total += joker;
        cards.push({ text: "Joker", red: false, joker: true });
      } else {
        total += card.rank === 2 && wildTwo ? Number(wildTwo) : table[card.rank - 1];
        cards.push({ text: (ranks[card.rank - 1] || String(card.rank)) + card.suit,
          red: card.suit === "♦" || card.suit === "♥", joker: false });
      }
    }
    return { cards: cards, total: total };
  }

  // Shows what was typed or tapped in the player's row (issue 11: the tapped cards stay in
  // sight): each card as a chip, then "= 75 points" from the page's language table, whose
  // "{points|point|points}" is its plural choice (the singular for exactly 1).
  function showCount(form, output, text) {
    var count = counted(form, text);
    output.textContent = "";
    if (!count) {
      return;
    }
    var sentence = (form.getAttribute("data-count-text") || "{cards} = {points}")
      .replace(/\{points\|([^|{}]*)\|([^|{}]*)\}/g, function (_, one, other) {
        return count.total === 1 ? one : other;
      })
      .replace("{points}", String(count.total));
    var at = sentence.indexOf("{cards}");
    var chips = document.createElement("span");
    chips.className = "chips";
    count.cards.forEach(function (card) {
      var chip = document.createElement("span");
      chip.className = "chip" + (card.red ? " red" : "") + (card.joker ? " joker" : "");
      chip.textContent = card.text;
      chips.appendChild(chip);
    });
    if (at < 0) {
      output.appendChild(chips);
      output.appendChild(document.createTextNode(" "));
    } else {
      output.appendChild(document.createTextNode(sentence.slice(0, at)));
      output.appendChild(chips);
    }
    var sum = document.createElement("span");
    sum.className = "sum";
    sum.textContent = at < 0 ? sentence : sentence.slice(at + "{cards}".length);
    output.appendChild(sum);
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
        showCount(form, output, field.value);
      });
      if (field.value.trim() !== "") {
        showCount(form, output, field.value);
      }
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
        var note = fieldset.querySelector(".winner-note");
        fieldset.classList.toggle("is-winner", isWinner);
        // The winner's points, cards and their count (buys stay: a winner may have bought).
        Array.prototype.forEach.call(fieldset.querySelectorAll(".penalty"), function (penalty) {
          penalty.hidden = isWinner;
          Array.prototype.forEach.call(penalty.querySelectorAll("input"), function (input) {
            input.disabled = isWinner;
          });
        });
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

  // A player's fold opened to count cards: its tap grid opens with it (one tap less), unless
  // cards were typed already.
  function setupFolds(form) {
    Array.prototype.forEach.call(form.querySelectorAll("details.more"), function (fold) {
      fold.addEventListener("toggle", function () {
        var grid = fold.querySelector("details[data-card-grid]");
        var field = fold.querySelector("input[data-count]");
        if (fold.open && grid && !grid.hidden && field && field.value.trim() === "") {
          grid.open = true;
        }
      });
    });
  }

  // The phone's own time, in the one format of the page's language that the server writes
  // in UTC ("27 Nov 2026, 18:47", "27.11.2026, 18:47"), whatever the phone's region.
  function localTimes() {
    var german = document.documentElement.lang === "de";
    var locale = german ? "de-DE" : "en-GB";
    var style = {
      day: german ? "2-digit" : "numeric",
      month: german ? "2-digit" : "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false
    };
    Array.prototype.forEach.call(document.querySelectorAll("time[datetime]"), function (t) {
      var date = new Date(t.getAttribute("datetime"));
      if (!isNaN(date.getTime())) {
        try {
          t.textContent = date.toLocaleString(locale, style);
        } catch (e) {
          // Keep the server's UTC text.
        }
      }
    });
  }

  // The field being typed in is never under the sticky Save button: when it is focused, and
  // when the phone's keyboard opens and the visible part of the page shrinks, a field behind
  // the button (or below the visible part) is scrolled up to just above it.
  function setupKeyboard(form) {
    var save = form.querySelector("button.save");
    if (!save) {
      return;
    }
    function uncover() {
      var field = document.activeElement;
      if (!field || !form.contains(field) || field.tagName !== "INPUT") {
        return;
      }
      var view = window.visualViewport;
      var bottom = view ? view.offsetTop + view.height : window.innerHeight;
      var limit = Math.min(bottom, save.getBoundingClientRect().top);
      var rect = field.getBoundingClientRect();
      var gap = 8;
      if (rect.bottom + gap > limit) {
        window.scrollBy(0, rect.bottom + gap - limit);
      }
    }
    form.addEventListener("focusin", function () {
      window.requestAnimationFrame(uncover);
    });
    if (window.visualViewport) {
      window.visualViewport.addEventListener("resize", uncover);
    }
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("form.round-form"), function (form) {
      setupCounts(form);
      setupWinner(form);
      setupFolds(form);
      setupKeyboard(form);
    });
    localTimes();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
