// Kontrakt: the new-game form with JavaScript on. Choosing a rule set shows its options at
// once (the "Choose" button does it without JavaScript), and the first-dealer list follows
// the names as they are typed.
(function () {
  "use strict";
  var form = document.querySelector("form.setup");
  if (!form) {
    return;
  }
  var choose = form.querySelector("[data-choose]");
  if (choose) {
    choose.hidden = true;
    form.addEventListener("change", function (event) {
      if (event.target.name !== "rules") {
        return;
      }
      if (form.requestSubmit) {
        form.requestSubmit(choose);
      } else {
        choose.click();
      }
    });
  }
  var dealer = form.querySelector("[data-dealer]");
  if (dealer) {
    var unnamed = dealer.getAttribute("data-unnamed") || "{n}";
    form.addEventListener("input", function (event) {
      var seat = event.target.getAttribute("data-seat");
      if (!seat) {
        return;
      }
      var option = dealer.querySelector("option[value=\"" + seat + "\"]");
      if (option) {
        option.textContent = event.target.value.trim() || unnamed.replace("{n}", seat);
      }
    });
  }
})();
