// Forms that ask before they send: <form data-confirm="Close the tournament?">. The page's
// Content-Security-Policy runs no inline script (no onsubmit="..."), so the question is here.
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form instanceof HTMLFormElement ? form.getAttribute("data-confirm") : null;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});

// A password-reset link carries its token after "#" (never sent to a server, so in no log):
// the reset form takes it from there and the address bar forgets it.
document.addEventListener("DOMContentLoaded", function () {
  var field = document.querySelector("input[data-from-fragment]");
  var found = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (field && found) {
    field.value = decodeURIComponent(found[1]);
    window.history.replaceState(null, "", window.location.pathname);
  }
});
