const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Milliseconds since the epoch as YYYY-MM-DD HH:mm:ss in Asia/Shanghai (DESIGN.md §2), whatever the browser's own
 * zone: a tree head's time must read the same as the record times the server writes.
 */
export function formatShanghai(ms: number): string {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
