// @ts-check
// The toy's create form on the home page: the server's own helpers, the toy's route.
/* global document */
import { createAndGo, typedName } from "../home.js";

const form = /** @type {import("../home.js").Form} */ (document.getElementById("create-toy"));

if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = /** @type {HTMLElement} */ (document.getElementById("toy-error"));
    error.textContent = "";
    const name = typedName(form, error);
    if (name) await createAndGo("/api/toy", { name }, error);
  });
}
