import { endpoint } from './endpoint.ts';
import { readingPageQuery, readingQuery, readingReviewBody, readingView } from './evidence-reading.ts';

const BASE = '/api/evidence/reading';

/**
 * Evidence read on upload (docs/evidence-reading.md; the spec names no screen for it, so the paths are ours): a
 * document where it is used — the manufacturer's product, a listing or a revision in audit — as read, with its checks;
 * a page's preview; an auditor's confirmation or correction of a field.
 */
export const evidenceReadingEndpoints = {
  reading: endpoint({ method: 'GET', path: BASE, query: readingQuery, response: readingView }),
  /** A page's JPEG preview, for drawing the fields' boxes over. */
  page: endpoint({ method: 'GET', path: `${BASE}/page`, query: readingPageQuery }),
  review: endpoint({ method: 'POST', path: `${BASE}/review`, body: readingReviewBody, response: readingView }),
};
