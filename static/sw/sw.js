// Kontrakt's service worker (served at /sw.js; registered by live.js only in a secure
// context: HTTPS, or localhost). It keeps the app shell, the fingerprinted stylesheets and
// scripts below (the list is filled in when the binary is built), and the last copy seen of
// each open game page (/games/… and /view/…), so a game reloads without a connection: the
// saved page is shown read-only, with its "offline" notice unhidden. Writes are not touched
// here: outbox.js keeps queueing them as before. Everything else goes to the network.
"use strict";

var SHELL = [/*ASSETS*/];
var SHELL_CACHE = "kontrakt-shell-/*VERSION*/";
var PAGE_CACHE = "kontrakt-pages";
// Game pages kept at most (the most recently opened); a phone follows a few games.
var KEEP_PAGES = 20;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE).then(function (cache) {
      return cache.addAll(SHELL);
    }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("kontrakt-shell-") === 0 && name !== SHELL_CACHE;
      }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () {
      return self.clients.claim();
    })
  );
});

function isGamePage(url) {
  return /^\/(games\/[^/]+|view\/[^/]+)(\/(settlement|history))?$/.test(url.pathname);
}

// The saved page, shown offline: its notice unhidden.
function offlineCopy(saved) {
  return saved.text().then(function (html) {
    return new Response(html.replace("data-offline hidden", "data-offline"), {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8" }
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    // Fingerprinted files never change: the cached copy is the file.
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request);
    }));
    return;
  }
  if (request.mode === "navigate" && isGamePage(url)) {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(PAGE_CACHE).then(function (cache) {
          // Newest last: the copy is put again, then the oldest beyond KEEP_PAGES go.
          return cache.delete(url.pathname).then(function () {
            return cache.put(url.pathname, copy);
          }).then(function () {
            return cache.keys();
          }).then(function (keys) {
            return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_PAGES))
              .map(function (key) { return cache.delete(key); }));
          });
        });
      }
      return response;
    }).catch(function (error) {
      return caches.open(PAGE_CACHE).then(function (cache) {
        return cache.match(url.pathname);
      }).then(function (saved) {
        if (saved) {
          return offlineCopy(saved);
        }
        throw error;
      });
    }));
  }
});
