// @ts-check
// The texts' placeholders and plurals, filled as the server fills them
// (`motamot.text.i18n.render`): `{name}` the field as it is, `{count:mot|mots}` the number
// written the language's way and its agreed noun, `{count:n}` the number alone, `{{` and
// `}}` the braces themselves. tests/text/format_cases.json holds the cases both halves
// pass. A pure module (no page, no DOM): the node tests import it as it is.

/** @typedef {"fr" | "en"} Language */
/** @typedef {{ name: string, spec: string | null, source: string }} Field a `{name:spec}` of a template */

/** U+202F NARROW NO-BREAK SPACE: French groups thousands with it (text/numbers.py). */
const FRENCH_SPACE = "\u202f";

/**
 * French says "0 mot", "1 mot", "1,5 point"; English "0 words", "1 word".
 * @param {number} count
 * @param {Language} lang
 */
export function singular(count, lang) {
  return lang === "fr" ? Math.abs(count) < 2 : count === 1;
}

/** U+2212 MINUS SIGN: a negative number's sign (text/numbers.py), not the hyphen. */
const MINUS = "\u2212";

/**
 * A number with its thousands grouped, as `lang` writes it: "12 345", "1 234,5" (fr),
 * "12,345", "1,234.5" (en), "−35" with the minus sign; a number JavaScript writes with an
 * exponent stays as it is.
 * @param {number} value
 * @param {Language} lang
 */
export function numberText(value, lang) {
  const parts = /^(-?)(\d+)(\.\d+)?$/.exec(String(value));
  if (!parts) return String(value);
  const [, sign, digits, fraction = ""] = parts;
  const grouped = `${sign ? MINUS : ""}${digits.replace(/\B(?=(\d{3})+$)/g, ",")}${fraction}`;
  return lang === "fr" ? grouped.replace(/,/g, FRENCH_SPACE).replace(".", ",") : grouped;
}

/**
 * A share in percent to a tenth, as `lang` writes it: « 87,5 % » (a narrow no-break space
 * before the sign), "87.5%"; a whole share without its tenth: « 100 % ».
 * @param {number} value
 * @param {Language} lang
 */
export function percentText(value, lang) {
  const text = numberText(Math.round(value * 10) / 10, lang);
  return lang === "fr" ? `${text}${FRENCH_SPACE}%` : `${text}%`;
}

/**
 * Whether French elides « de », « le » before `word`: it begins with a vowel or an h (a
 * first name's h is mute: « au tour d'Hugo »), accents and case aside (text/i18n.py,
 * `elides`, says the same).
 * @param {string} word
 */
export function elides(word) {
  return /^[aeiouyhæœ]/i.test(word.trim().normalize("NFD"));
}

/**
 * A template cut into its literal texts and its fields, in order (`{{` is a brace).
 * @param {string} template
 */
export function tokens(template) {
  /** @type {(string | Field)[]} */
  const out = [];
  let text = "";
  let last = 0;
  for (const found of template.matchAll(/\{\{|\}\}|\{(\w+)(?::([^{}]*))?\}/g)) {
    const [source, name, spec] = found;
    text += template.slice(last, found.index);
    last = found.index + source.length;
    if (name === undefined) {
      text += source[0];
      continue;
    }
    if (text) out.push(text);
    text = "";
    out.push({ name, spec: spec ?? null, source });
  }
  text += template.slice(last);
  if (text) out.push(text);
  return out;
}

/**
 * One field as the template asks for it; a field not given stays as it is written.
 * @param {Field} field
 * @param {Record<string, unknown>} fields
 * @param {Language} lang
 */
export function fieldText(field, fields, lang) {
  if (!(field.name in fields)) return field.source;
  const value = fields[field.name];
  const number = typeof value === "number";
  if (field.spec === "n") return number ? numberText(value, lang) : String(value);
  const bar = field.spec?.indexOf("|") ?? -1;
  if (field.spec === null || bar < 0) return String(value);
  const noun = singular(Number(value), lang) ? field.spec.slice(0, bar) : field.spec.slice(bar + 1);
  return `${number ? numberText(value, lang) : String(value)} ${noun}`;
}

/**
 * `template` with its fields filled, in `lang`.
 * @param {string} template
 * @param {Record<string, unknown>} fields
 * @param {Language} lang
 */
export function fill(template, fields, lang) {
  return tokens(template)
    .map((token) => (typeof token === "string" ? token : fieldText(token, fields, lang)))
    .join("");
}
