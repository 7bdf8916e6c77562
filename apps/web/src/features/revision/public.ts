/** What other features may use of the revision feature (components, hooks, calls); docs/architecture.md. */
export { revisionKeys, revisionQueries } from './api.ts';
export { RevisionNotice } from './components/RevisionNotice.tsx';
export { pendingReviewText } from './saved.ts';
