// @ts-check
// A club's series (D12, `/duplicate/serie/<name>`): drawn by the server; this only lets
// its « Imprimer » button print it (no inline script is allowed).
const button = document.getElementById("print");
if (button) button.addEventListener("click", () => window.print());
