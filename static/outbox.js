// Outbox for spotty Wi-Fi at the table (issue 3, Qualities). Forms marked data-outbox are
// sent with fetch instead of a page load. A submission is first kept in localStorage with
// its URL, body and idempotency key; it leaves the outbox when the server answers it:
// - a redirect or 2xx: saved (a repeat with the same key is answered the same way, so a
//   retry never enters a round twice); the page goes where the server sent it;
// - 409 or 422: not saved; the same form is posted natively so the server's page (with
//   the entries kept and the reason next to them) is shown;
// - 408, 429, 5xx or no answer at all (refused, or none within the send timeout: a
//   connection that hangs on a weak signal is given up on, not waited for): kept, shown as
//   pending, retried with backoff and on every "online" event, also from any later page that
//   loads this script;
// - anything else (403, 404, 400, 413): it will never land; dropped with a message.
// A kept submission is shown by the form's data-outbox-label, else by the page's h1.
// Without JavaScript (or localStorage) the forms post as usual.
(function () {
  "use strict";

  var STORE = "kontrakt.outbox";
  var FIRST_DELAY = 2000;
  var MAX_DELAY = 60000;
  // The server answers every request within 10 s (its request timeout); longer is a
  // connection that hangs. The page may set another with data-timeout (milliseconds).
  var SEND_TIMEOUT = 15000;
  if (!window.fetch || !window.URLSearchParams || !window.FormData) {
    return;
  }
  try {
    localStorage.setItem(STORE + ".test", "1");
    localStorage.removeItem(STORE + ".test");
  } catch (e) {
    return;
  }

  var delay = FIRST_DELAY;
  var timer = null;
  var busy = false;
  var status = null;
  var message = "";

  function load() {
    try {
      var list = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function store(list) {
    try {
      localStorage.setItem(STORE, JSON.stringify(list));
    } catch (e) {
      // Storage full or blocked: the submission is still being sent.
    }
  }

  function keep(entry) {
    var list = load().filter(function (e) { return e.key !== entry.key; });
    list.push(entry);
    store(list);
  }

  function drop(key) {
    store(load().filter(function (e) { return e.key !== key; }));
  }

  function text(name, fallback) {
    return (status && status.getAttribute("data-" + name)) || fallback;
  }

  function button(label, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = label;
    b.addEventListener("click", action);
    return b;
  }

  // Shows what is kept on this phone, with "retry now" and "discard".
  function render() {
    if (!status) {
      return;
    }
    var list = load();
    status.textContent = "";
    if (message) {
      var note = document.createElement("p");
      note.textContent = message;
      status.appendChild(note);
    }
    list.forEach(function (entry) {
      var p = document.createElement("p");
      var label = document.createElement("strong");
      label.textContent = entry.label;
      p.appendChild(label);
      p.appendChild(document.createTextNode(" " + (busy ? text("sending", "Sending…") :
        text("pending", "Not sent yet: kept on this phone, will retry."))));
      var tools = document.createElement("div");
      tools.className = "outbox-tools";
      tools.appendChild(button(text("retry", "Retry now"), function () {
        delay = FIRST_DELAY;
        flush();
      }));
      tools.appendChild(button(text("discard", "Discard"), function () {
        drop(entry.key);
        render();
      }));
      status.appendChild(p);
      status.appendChild(tools);
    });
    status.hidden = list.length === 0 && !message;
  }

  // Posts the kept submission as a plain form, so the browser shows the server's page.
  function postNatively(entry) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = entry.url;
    form.hidden = true;
    new URLSearchParams(entry.body).forEach(function (value, name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    });
    document.body.appendChild(form);
    HTMLFormElement.prototype.submit.call(form);
  }

  // A form saved keeps its key: coming back to it (the back button) and saving it again is
  // known by that key. The same entries again are a repeat (the same answer, nothing more
  // changes); other entries on a round form get the page that says this phone already saved
  // that round (issue 11), not "saved meanwhile" as a form without its key would. The other
  // forms kept here (undo, redo, end, resume) always send the same fields.

  function newKey() {
    var bytes = new Uint8Array(16);
    if (window.crypto && window.crypto.getRandomValues) {
      window.crypto.getRandomValues(bytes);
    } else {
      for (var i = 0; i < bytes.length; i++) {
        bytes[i] = Math.floor(Math.random() * 256);
      }
    }
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  function here() {
    return location.pathname + location.search;
  }

  // Sends one submission; resolves to "done" or "retry".
  function send(entry) {
    var controller = window.AbortController ? new AbortController() : null;
    var guard = controller ? setTimeout(function () { controller.abort(); },
      Number(text("timeout", "")) || SEND_TIMEOUT) : null;
    return fetch(entry.url, {
      method: "POST",
      body: entry.body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      credentials: "same-origin",
      redirect: "follow",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      clearTimeout(guard);
      var status = response.status;
      if (response.redirected || (status >= 200 && status < 300)) {
        drop(entry.key);
        if (entry.page === here() || new URL(response.url).pathname === location.pathname) {
          location.href = response.url;
        }
        return "done";
      }
      if (status === 409 || status === 422) {
        drop(entry.key);
        postNatively(entry);
        return "done";
      }
      if (status === 408 || status === 429 || status >= 500) {
        return "retry";
      }
      drop(entry.key);
      message = text("refused", "A kept entry was refused by the server; it was removed.");
      return "done";
    }, function () {
      clearTimeout(guard);
      return "retry";
    });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(flush, delay);
    delay = Math.min(delay * 2, MAX_DELAY);
  }

  // Sends the kept submissions, oldest first, one at a time.
  function flush() {
    if (busy) {
      return;
    }
    var list = load();
    if (list.length === 0) {
      render();
      return;
    }
    busy = true;
    render();
    send(list[0]).then(function (result) {
      busy = false;
      if (result === "retry") {
        render();
        schedule();
        enableButtons();
        if (status && status.scrollIntoView) {
          status.scrollIntoView({ block: "nearest" });
        }
      } else {
        delay = FIRST_DELAY;
        flush();
      }
    });
  }

  function enableButtons() {
    Array.prototype.forEach.call(
      document.querySelectorAll("form[data-outbox] button[type='submit']"),
      function (b) { b.disabled = false; }
    );
  }

  function onSubmit(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-outbox")) {
      return;
    }
    event.preventDefault();
    var keyField = form.querySelector("input[name='key']");
    var heading = document.querySelector("h1");
    var entry = {
      url: form.getAttribute("action") || here(),
      body: new URLSearchParams(new FormData(form)).toString(),
      key: keyField && keyField.value ? keyField.value : newKey(),
      // What the submission does: the form's own label (a page with several forms), else
      // the page's heading.
      label: form.getAttribute("data-outbox-label") ||
        (heading ? heading.textContent.trim() : document.title),
      page: here(),
      at: Date.now()
    };
    keep(entry);
    Array.prototype.forEach.call(form.querySelectorAll("button[type='submit']"), function (b) {
      b.disabled = true;
    });
    delay = FIRST_DELAY;
    message = "";
    flush();
  }

  function start() {
    status = document.querySelector("[data-outbox-status]");
    if (!status) {
      status = document.createElement("div");
      status.className = "outbox";
      status.setAttribute("role", "status");
      status.hidden = true;
      var main = document.querySelector("main") || document.body;
      main.insertBefore(status, main.firstChild);
    }
    document.addEventListener("submit", onSubmit);
    window.addEventListener("online", function () {
      delay = FIRST_DELAY;
      flush();
    });
    window.addEventListener("pageshow", enableButtons);
    flush();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
