// A player's code in the URL's fragment (#code=ABCDE-FGHJK, from the welcome sheet's QR
// code or the e-mail): fill the code form in and send it once; the fragment never reaches
// the server's logs.
(function () {
  "use strict";
  var form = document.getElementById("code-form");
  var match = /(?:^#|&)code=([A-Za-z0-9-]{10,11})/.exec(location.hash);
  if (!form || !match) { return; }
  history.replaceState(null, "", location.pathname);
  document.getElementById("code").value = match[1];
  form.submit();
})();
