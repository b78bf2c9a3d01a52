/** Tiny HTML helpers: everything interpolated into a page goes through `escapeHtml`. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Escaped French text whose last word before « : ; ! ? » stays on the line of the sign (the
 * `together` class is `white-space: nowrap`); the text itself is unchanged (as src/ui/FrenchText).
 */
export function frenchText(value: unknown): string {
  return escapeHtml(value).replace(
    /\S+[ \u00a0\u202f]+[:;!?]+/g,
    (run) => `<span class="together">${run}</span>`,
  );
}

/** JSON safe inside a <script> element: no `</script>` or `<!--` can close it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}
