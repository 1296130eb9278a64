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

// Go registration: as-you-type search of the stored rating list (EGF, FFG, AGA) chosen in
// the form. Each candidate shows rank, club and list number; choosing one adds its list
// number (or whole name, for a player without one) as a line of the players box, which
// enters exactly that player. Without
// JavaScript, type list numbers or whole names there.
(function () {
  "use strict";
  var input = document.getElementById("list-search");
  var list = document.getElementById("list-hits");
  var box = document.getElementById("players");
  var origin = document.getElementById("origin");
  if (!input || !list || !box || !origin || !window.fetch) { return; }
  var timer = null;
  var asked = 0;
  function show(data) {
    list.textContent = "";
    var hits = data.hits || [];
    if (!hits.length) {
      var none = document.createElement("li");
      none.textContent = "not found in the " + data.origin.toUpperCase() +
        " list: enter a new player below";
      list.appendChild(none);
      return;
    }
    hits.forEach(function (p) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.setAttribute("data-key", p.key);
      button.textContent = p.surname + " " + p.first_name + " — " + p.rank +
        (p.club ? ", club " + p.club : "") + ", " + p.origin + " " + p.number;
      button.addEventListener("click", function () {
        box.value = (box.value ? box.value.replace(/\s*$/, "\n") : "") + p.key;
        list.textContent = "";
        input.value = "";
        input.focus();
      });
      item.appendChild(button);
      list.appendChild(item);
    });
  }
  function ask() {
    var q = input.value.trim();
    clearTimeout(timer);
    if (q.length < 2) { list.textContent = ""; return; }
    var mine = ++asked;
    timer = setTimeout(function () {
      var url = input.getAttribute("data-source") + "?origin=" +
        encodeURIComponent(origin.value) + "&q=" + encodeURIComponent(q);
      fetch(url, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (data && mine === asked) { show(data); } });
    }, 200);
  }
  input.addEventListener("input", ask);
  origin.addEventListener("change", ask);
})();
