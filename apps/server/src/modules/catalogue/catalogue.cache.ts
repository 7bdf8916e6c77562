import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Answers of the public catalogue, kept briefly and dropped as soon as anything they were read from changes
 * (docs/decisions.md, "Catalogue answer cache"). A city's catalogue page is public and gets linked from government
 * notices, so many visitors ask the same questions; each cached answer costs one trivial read instead of the search.
 *
 * - Freshness: every statement that writes a table the catalogue reads takes the next number of the database
 *   sequence `catalogue_generation` (migration 0008, triggers). An entry made at another number is not used: a
 *   change is seen by the next request, in every server process, with no message between processes.
 * - The one window: a write's number is taken when its statement runs, before it commits, so an answer computed in
 *   that instant from the old rows is kept under the new number. `ttlMs` bounds that, and the day boundary of a
 *   certificate's validity ("green today").
 * - Identical questions asked at once are computed once.
 */
export interface AnswerCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export interface AnswerCacheOptions {
  /** The current generation; the database sequence by default. */
  generation: () => Promise<string>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  generation: string;
  expiresAt: number;
  value: unknown;
}

export function createAnswerCache({
  generation,
  ttlMs = 10_000,
  maxEntries = 5_000,
  now = Date.now,
}: AnswerCacheOptions): AnswerCache {
  const entries = new Map<string, Entry>();
  const computing = new Map<string, Promise<unknown>>();

  return {
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const current = await generation();
      const hit = entries.get(key);
      if (hit && hit.generation === current && hit.expiresAt > now()) {
        // Most recently used last: the oldest entries go first when the cache is full.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as T;
      }
      const flightKey = `${current}\u0000${key}`;
      const inFlight = computing.get(flightKey);
      if (inFlight) return inFlight as Promise<T>;
      const promise = compute().then(
        (value) => {
          entries.delete(key);
          entries.set(key, { generation: current, expiresAt: now() + ttlMs, value });
          while (entries.size > maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            entries.delete(oldest);
          }
          return value;
        },
        (error: unknown) => {
          throw error;
        },
      );
      computing.set(flightKey, promise);
      try {
        return await promise;
      } finally {
        computing.delete(flightKey);
      }
    },
  };
}

/** The catalogue's generation: the sequence's last value (a read that takes no lock and waits for nobody). */
export function catalogueGeneration(db: Db): () => Promise<string> {
  return async () => {
    const [row] = await db
      .select({ g: sql<string>`last_value::text || ':' || is_called::text` })
      .from(sql`catalogue_generation`);
    return row?.g ?? '';
  };
}
