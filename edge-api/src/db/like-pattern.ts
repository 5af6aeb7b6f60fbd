/**
 * A LIKE pattern that matches `words` anywhere, its wildcards (`%`, `_`) and the escape itself
 * taken literally: use it as `column LIKE ${pattern} ESCAPE '\'`.
 */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}
