// Live pages: ask for the log's event number every few seconds; when it moved, fetch the
// page's main part again and swap it in. Without JavaScript the page refreshes itself.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !window.fetch) { return; }
  var id = box.dataset.tournament;
  var seq = box.dataset.seq;
  var busy = false;
  function tick() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch("/api/v1/live/" + id + "/seq", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || String(data.seq) === String(seq)) { return null; }
        seq = String(data.seq);
        return fetch(location.pathname + location.search, {
          cache: "no-store", headers: { "X-Live-Fragment": "1" }
        }).then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) { if (html !== null) { box.innerHTML = html; box.dataset.seq = seq; } });
      })
      .catch(function () { return null; })
      .then(function () { busy = false; });
  }
  setInterval(tick, 2000);
})();
