/** Reading the media screens' `<img>` tags in rendered HTML, for the library's tests. */

export function imgTags(html: string): string[] {
  return html.match(/<img [^>]*>/g) ?? [];
}

/** The widths a tag's `srcset` offers, in order. */
export function srcsetWidths(tag: string): number[] {
  const srcset = /srcset="([^"]*)"/i.exec(tag)?.[1] ?? "";
  return srcset
    .split(",")
    .map((candidate) => /\s(\d+)w$/.exec(candidate.trim())?.[1])
    .filter((width): width is string => width !== undefined)
    .map(Number);
}
