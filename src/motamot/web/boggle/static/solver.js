// @ts-check
// « Le solveur » (web/boggle/solver.py): a plain form the server answers; this adds the
// face picker beside its grid field (B16: the box's grid picked on a picture).
import { DicePicker } from "./dicepick.js";

const rules = /** @type {HTMLSelectElement | null} */ (document.getElementById("jeu"));
const field = document.getElementById("grille");
if (rules && field) {
  const picker = new DicePicker("grille", () => rules.value);
  field.closest("p")?.after(picker.el);
  rules.addEventListener("change", () => picker.reset(false));
}
