const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for HTML or XML, as an element's text or a quoted attribute's value: whatever an
 * admin typed (a part's name, say) can neither close the attribute nor open an element.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);

/**
 * JSON to write inside a `<script>` element. The HTML parser reads the element before any JSON
 * parser does, and ends it at the first `</script>` or is thrown off by `<!--`, wherever they
 * stand, strings included: so `<`, `>` and `&` are written as `\u` escapes, which JSON reads back
 * as the same characters. U+2028 and U+2029 too, which older JavaScript parsers took for line ends.
 */
export const jsonInScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
