/** A Markdown table, columns padded to their widest cell; the first row is the header. */
export function markdownTable(rows: readonly (readonly string[])[]): string {
  const [header = [], ...body] = rows;
  const widths = header.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  const format = (row: readonly string[]): string =>
    `| ${widths.map((width, i) => (row[i] ?? "").padEnd(width)).join(" | ")} |`;
  return [
    format(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...body.map(format),
  ].join("\n");
}
