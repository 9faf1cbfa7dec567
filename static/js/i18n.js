// The page's language for the ES modules: Django's JavaScript catalogue (/jsi18n/, loaded by
// base.html before any module) defines globalThis.django; without it (Node's tests, a page
// without the catalogue) every text stays English.
//
// gettext("%(name)s played %(card)s", {name, card}) -> the translation with the fields filled;
// ngettext(singular, plural, n, params) picks by n (params.n defaults to n). Only string
// literals may be passed as the message: `make messages` (xgettext) collects them.

const catalogue = () => globalThis.django || null;

/** Fills %(name)s fields of `text` from `params` (missing ones are left as they are). */
export function interpolate(text, params) {
  if (!params) return text;
  return text.replace(/%\((\w+)\)s/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** `msgid` in the page's language, with `params` filled in. */
export function gettext(msgid, params) {
  const django = catalogue();
  return interpolate(django ? django.gettext(msgid) : msgid, params);
}

/** The singular or plural message for count `n`, translated, with `params` (and n) filled in. */
export function ngettext(singular, plural, n, params) {
  const django = catalogue();
  const text = django ? django.ngettext(singular, plural, n) : n === 1 ? singular : plural;
  return interpolate(text, { n, ...(params || {}) });
}

/** `msgid` told apart by `context` (the same English word with two meanings). */
export function pgettext(context, msgid, params) {
  const django = catalogue();
  return interpolate(django ? django.pgettext(context, msgid) : msgid, params);
}

/** "<label>: <value>" in the page's language (French spaces its colon: "Points : 8"). Never glue
 * punctuation in code: `${label}: ${value}` stays English in every language. */
export function labelled(label, value) {
  return gettext("%(label)s: %(value)s", { label, value });
}

/** The page's language code ("en", "fr", "sv"), from <html lang>. */
export function language() {
  return globalThis.document?.documentElement?.lang || "en";
}
