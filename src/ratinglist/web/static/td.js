// Director pages: as-you-type search of the registry for the registration form. Choosing a
// hit adds "ID" as a line of the players box. Without JavaScript, type IDs or names there.
(function () {
  "use strict";
  var input = document.getElementById("player-search");
  var list = document.getElementById("player-hits");
  var box = document.getElementById("players");
  if (!input || !list || !box || !window.fetch) { return; }
  var timer = null;
  var hits = {};
  input.addEventListener("input", function () {
    var q = input.value.trim();
    var picked = hits[input.value];
    if (picked) {
      box.value = (box.value ? box.value.replace(/\s*$/, "\n") : "") + picked;
      input.value = "";
      return;
    }
    clearTimeout(timer);
    if (q.length < 2) { return; }
    timer = setTimeout(function () {
      fetch("/api/v1/players?q=" + encodeURIComponent(q))
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data) { return; }
          list.textContent = "";
          hits = {};
          (data.hits || []).forEach(function (p) {
            var label = p.player_id + " " + p.name + " (" + p.country + ")";
            hits[label] = String(p.player_id);
            var option = document.createElement("option");
            option.value = label;
            list.appendChild(option);
          });
        });
    }, 200);
  });
})();
