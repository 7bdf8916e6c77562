import type { ReadingQuery, ReadingReviewBody, ReadingStateValue, ReadingView } from '@jcbb/contract';
import { evidenceReadingEndpoints as api } from '@jcbb/contract/evidence-reading.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, download, keyOf } from '../../lib/api.ts';

export type { ReadingView };
/** Which document, where it is used: the subject ('product', 'listing', 'revision'), its id, and the file. */
export type ReadingKey = ReadingQuery;

/** How often a document still queued or being read is asked for again. */
export const READING_POLL_MS = 2000;

const PENDING: ReadingStateValue[] = ['queued', 'reading'];
export const isPending = (view: ReadingView | undefined) => view !== undefined && PENDING.includes(view.state);

/** The evidence-reading calls (docs/evidence-reading.md): silent, the panel and the tag show their own failures. */
export const readingApi = {
  reading: (key: ReadingKey, signal?: AbortSignal) => call(api.reading, { ...key }, { silent: true, signal }),
  /** A page's JPEG preview (0-based), through the signed client: shown from an object URL. */
  page: (key: ReadingKey, page: number) => download(api.page, { ...key, page }, { silent: true }),
  /** An auditor confirms (the value as it stands) or corrects a field; answers the reading recomputed. */
  review: (body: ReadingReviewBody) => call(api.review, body),
};

/** A document as read, asked for again every READING_POLL_MS while it is queued or being read. */
export const readingQuery = (key: ReadingKey) =>
  queryOptions({
    queryKey: keyOf(api.reading, { ...key }),
    queryFn: ({ signal }) => readingApi.reading(key, signal),
    refetchInterval: (query) => (isPending(query.state.data) ? READING_POLL_MS : false),
  });

export const readingPageQuery = (key: ReadingKey, page: number) =>
  queryOptions({
    queryKey: keyOf(api.page, { ...key, page }),
    queryFn: () => readingApi.page(key, page),
    staleTime: Number.POSITIVE_INFINITY,
  });
