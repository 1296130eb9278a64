// Forms that ask before they send: <form data-confirm="Close the tournament?">. The page's
// Content-Security-Policy runs no inline script (no onsubmit="..."), so the question is here.
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form instanceof HTMLFormElement ? form.getAttribute("data-confirm") : null;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
