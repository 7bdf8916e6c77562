/** What other features may use of the evidence-reading feature (components); docs/architecture.md. */
export { ReadingPanel } from './components/ReadingPanel.tsx';
export { ReadingSummary } from './components/ReadingSummary.tsx';
export { ReadingsBefore } from './components/ReadingsBefore.tsx';
