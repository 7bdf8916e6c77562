import { ListingStatus } from '@jcbb/contract';

/**
 * "As it stood at a moment", from dated history (docs/public-pages.md, "Snapshot"): pure rules, no database. A record's
 * state at `atMs` is the state its last recorded change at or before then left it in; before its first change, the
 * state that change started from; a record without recorded changes has no history to read.
 */

/** One recorded change of a record's state (an audit row's time, from and to). */
export interface StateChange {
  at: Date;
  from: string | null;
  to: string | null;
}

/** The state at `atMs` and the change that made it, or null when the changes say nothing (none with a state). */
export function stateAt(changes: readonly StateChange[], atMs: number): { state: string; since: Date | null } | null {
  const dated = changes.filter((c) => c.to !== null).sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = dated.filter((c) => c.at.getTime() <= atMs).at(-1);
  if (last) return { state: last.to as string, since: last.at };
  const first = dated[0];
  if (first && first.from !== null) return { state: first.from, since: null };
  return null;
}

/** What a listing's history says of its public state at the moment: listed or delisted, or not public (null). */
export interface ListingAt {
  status: number;
  since: Date | null;
  /** No history: today's state, shown as such. */
  current: boolean;
}

/**
 * A listing's public state at `atMs`. Drafts, audits and rejections are not public (null), nor a listing made later.
 * Without a recorded change, a listing listed today and approved (`listedAt`) by then was listed then; one delisted
 * today is shown as today's state; anything else is not public.
 */
export function listingAt(
  listing: { status: number; listedAt: Date | null; createdAt: Date },
  changes: readonly StateChange[],
  atMs: number,
): ListingAt | null {
  if (listing.createdAt.getTime() > atMs) return null;
  const public_ = (status: number) => status === ListingStatus.LISTED || status === ListingStatus.DELISTED;
  const known = stateAt(changes, atMs);
  if (known) {
    const status = Number(known.state);
    return public_(status) ? { status, since: known.since, current: false } : null;
  }
  if (listing.status === ListingStatus.LISTED && listing.listedAt && listing.listedAt.getTime() <= atMs) {
    return { status: ListingStatus.LISTED, since: listing.listedAt, current: false };
  }
  if (listing.status === ListingStatus.DELISTED) return { status: listing.status, since: null, current: true };
  return null;
}

/**
 * A field the platform keeps no history of: its value now was its value at `atMs` when the row has not changed since
 * (`updatedAt` ≤ the moment); otherwise it is today's value, marked as such.
 */
export function fieldAt<T>(value: T, updatedAt: Date, atMs: number): { value: T; current: boolean } {
  return { value, current: updatedAt.getTime() > atMs };
}
