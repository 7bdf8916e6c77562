/**
 * A LIKE / ILIKE pattern matching `text` anywhere, with LIKE's wildcards (and the escape character) escaped so a
 * user's % or _ match themselves. Every "search by fragment" field of the platform goes through it.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
