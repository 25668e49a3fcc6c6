// Kontrakt: the new-game form with JavaScript on. Choosing a rule set shows its options at
// once (the "Choose" button does it without JavaScript), the first-dealer list follows the
// names as they are typed, and a double tap on "Start the game" sends the form only once
// (after a few seconds, or when the page comes back by the back button, it can be sent
// again).
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
  form.addEventListener("submit", function (event) {
    var method = (event.submitter && event.submitter.getAttribute("formmethod")) || form.method;
    if (method.toLowerCase() !== "post") {
      return;
    }
    if (form.getAttribute("data-sent")) {
      event.preventDefault();
      return;
    }
    form.setAttribute("data-sent", "1");
    // A send that never arrives must not block the form for good.
    setTimeout(function () {
      form.removeAttribute("data-sent");
    }, 8000);
  });
  window.addEventListener("pageshow", function () {
    form.removeAttribute("data-sent");
  });
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
