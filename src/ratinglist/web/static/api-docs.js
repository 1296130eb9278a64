// Start Swagger UI on /api/docs (its files are served by this server: see web/views/api_docs.py).
window.addEventListener("load", function () {
  var box = document.getElementById("swagger-ui");
  window.SwaggerUIBundle({
    url: box.getAttribute("data-openapi"),
    dom_id: "#swagger-ui",
    validatorUrl: null,
    deepLinking: true,
  });
});
