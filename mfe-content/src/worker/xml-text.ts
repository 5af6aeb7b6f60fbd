/**
 * Text for the XML this Worker writes (feeds and sitemaps). Every string from the API goes
 * through `xmlText`: characters XML 1.0 forbids (control characters, lone surrogates,
 * U+FFFE/U+FFFF) are dropped, and markup characters are escaped, so a headline such as
 * `<script>` or `R&D` stays text.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, "").replace(/[&<>"']/g, (c) => ENTITIES[c] ?? "");
}

/** `<name>text</name>` with the text escaped; `name` is always a literal of ours. */
export function xmlElement(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
