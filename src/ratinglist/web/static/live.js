// Live pages: ask for the log's event number every few seconds; when it moved, fetch the
// page's main part again and swap it in. Without JavaScript the page refreshes itself.
// A redraw never takes away what the reader is doing: while a field in the live part has
// the focus or holds typed text, or a form of it is being sent, the swap waits.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !window.fetch) { return; }
  var id = box.dataset.tournament;
  var seq = box.dataset.seq;
  var busy = false;
  var sending = false;
  box.addEventListener("submit", function () { sending = true; });
  function editing() {
    var here = document.activeElement;
    if (here && here !== box && box.contains(here) && /^(INPUT|SELECT|TEXTAREA)$/.test(here.tagName)) {
      return true;
    }
    var fields = box.querySelectorAll("input:not([type=hidden]), textarea");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value !== fields[i].defaultValue) { return true; }
    }
    return false;
  }
  function tick() {
    if (busy || sending || document.hidden) { return; }
    busy = true;
    fetch("/api/v1/live/" + id + "/seq", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || String(data.seq) === String(seq) || editing()) { return null; }
        var next = String(data.seq);
        return fetch(location.pathname + location.search, {
          cache: "no-store", headers: { "X-Live-Fragment": "1" }
        }).then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) {
            if (html === null || sending || editing()) { return; }
            box.innerHTML = html;
            seq = next;
            box.dataset.seq = seq;
          });
      })
      .catch(function () { return null; })
      .then(function () { busy = false; });
  }
  setInterval(tick, 2000);
})();
