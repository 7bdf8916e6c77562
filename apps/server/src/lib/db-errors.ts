/** Whether a database error (possibly wrapped by Drizzle) is a unique violation, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      if (!constraint) return true;
      // node-postgres names the constraint; PGlite may only mention it in the message.
      return name === constraint || (typeof message === 'string' && message.includes(constraint));
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
