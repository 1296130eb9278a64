// Progressive enhancement of the rating list's country selector: without JavaScript the
// form is submitted; with it, checking or unchecking a country (or a continent, which checks
// or unchecks its countries) shows or hides that country's rows at once. When the list is in
// pages, the rows of the other pages are not here: the form is submitted.
(function () {
  "use strict";
  var form = document.getElementById("countries");
  var table = document.getElementById("ratinglist");
  if (!form || !table) { return; }
  var rows = table.tBodies[0].rows;
  function apply() {
    var shown = {};
    form.querySelectorAll("input[name=c]").forEach(function (box) {
      if (box.checked) { shown[box.value] = true; }
    });
    for (var i = 0; i < rows.length; i++) {
      rows[i].hidden = !shown[rows[i].getAttribute("data-c")];
    }
    form.querySelectorAll("input.ct").forEach(function (box) {
      var members = form.querySelectorAll("input[data-in='" + box.dataset.ct + "']");
      var all = Array.prototype.every.call(members, function (m) { return m.checked; });
      box.checked = all;
    });
  }
  form.addEventListener("change", function (event) {
    var box = event.target;
    if (table.dataset.paged === "1" || (table.dataset.filtered === "1" && box.checked)) {
      if (box.classList.contains("ct")) {
        form.querySelectorAll("input[data-in='" + box.dataset.ct + "']").forEach(function (m) {
          m.checked = box.checked;
        });
      }
      form.submit();
      return;
    }
    if (box.classList.contains("ct")) {
      form.querySelectorAll("input[data-in='" + box.dataset.ct + "']").forEach(function (m) {
        m.checked = box.checked;
      });
    }
    apply();
  });
})();
