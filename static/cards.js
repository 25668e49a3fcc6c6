// Card tap grid: a progressive enhancement for text fields that take cards.
// Markup comes from templates/_card_grid.html: a hidden <details data-card-grid> whose
// data-target names the field. Here the grid gets its ranks x suits buttons, taps append the
// card's notation to the field ("one" mode: replace it), "new meld" inserts " | ", backspace
// removes the last card, "= stands for" declares the last wild card (a joker or a 2) as the
// next card tapped (`JK=JH`), and a live count shows how many cards the field holds.
// Without JavaScript the grid stays hidden and the text field alone works.
(function () {
  "use strict";

  // Symbol, and whether the suit is red. Order: clubs, diamonds, hearts, spades.
  var SUITS = [["♣", false], ["♦", true], ["♥", true], ["♠", false]];
  var SEPARATOR = /[|;\n]/;

  function tokens(text) {
    return text.split(/[\s,|;]+/).filter(function (t) { return t !== ""; });
  }

  function meldCount(text) {
    return text.split(SEPARATOR).filter(function (part) { return part.trim() !== ""; }).length;
  }

  function append(field, card, mode) {
    var value = field.value.replace(/\s+$/, "");
    if (mode === "one" && !/=$/.test(value)) {
      field.value = card;
      return;
    }
    if (/=$/.test(value)) {
      // Declaring: the tapped card is what the wild card stands for (never a joker).
      if (card !== "JK") {
        field.value = value + card;
      }
      return;
    }
    field.value = value === "" ? card : value + " " + card;
  }

  // "= stands for": only after a wild card not yet declared.
  function declare(field) {
    var value = field.value.replace(/\s+$/, "");
    var last = value.split(/[\s,|;]+/).pop() || "";
    if (/^(JK|2[CDHS♣♦♥♠])$/i.test(last)) {
      field.value = value + "=";
    }
  }

  function newMeld(field) {
    var value = field.value.replace(/\s+$/, "");
    if (value === "" || /[|;]$/.test(value)) {
      return;
    }
    field.value = value + " | ";
  }

  function backspace(field) {
    var value = field.value.replace(/[\s,]+$/, "");
    if (/[|;]$/.test(value)) {
      value = value.slice(0, -1);
    } else {
      value = value.replace(/[^\s,|;]+$/, "");
    }
    field.value = value.replace(/[\s,]+$/, "");
    if (/[|;]$/.test(field.value)) {
      field.value += " ";
    }
  }

  function setup(grid) {
    var field = document.getElementById(grid.getAttribute("data-target"));
    var cells = grid.querySelector(".grid-cells");
    var output = grid.querySelector(".card-count");
    if (!field || !cells) {
      return;
    }
    var mode = grid.getAttribute("data-mode") || "cards";
    var ranks = (grid.getAttribute("data-ranks") || "").split(" ");
    SUITS.forEach(function (suit, s) {
      ranks.forEach(function (rank, r) {
        var button = document.createElement("button");
        var card = rank + suit[0];
        button.type = "button";
        button.className = "card-btn r" + (r + 1) + " s" + s + (r >= 7 ? " hi" : "") +
          (suit[1] ? " red" : "");
        button.setAttribute("data-card", card);
        button.textContent = card;
        cells.appendChild(button);
      });
    });

    function update() {
      if (!output) {
        return;
      }
      var n = tokens(field.value).length;
      var text = n === 1 ? grid.getAttribute("data-count-one")
        : (grid.getAttribute("data-count-many") || "{n}").replace("{n}", n);
      var melds = meldCount(field.value);
      if (mode === "melds" && melds > 1) {
        text += " · " + (grid.getAttribute("data-melds-many") || "{n}").replace("{n}", melds);
      }
      output.textContent = n === 0 ? "" : text;
    }

    grid.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !grid.contains(button)) {
        return;
      }
      if (button.hasAttribute("data-card")) {
        append(field, button.getAttribute("data-card"), mode);
      } else if (button.hasAttribute("data-new-meld")) {
        newMeld(field);
      } else if (button.hasAttribute("data-declare")) {
        declare(field);
      } else if (button.hasAttribute("data-backspace")) {
        backspace(field);
      } else {
        return;
      }
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    field.addEventListener("input", update);
    update();
    grid.hidden = false;
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-card-grid]"), setup);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
