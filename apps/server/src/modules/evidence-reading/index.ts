// Evidence read on upload (issue 29, docs/evidence-reading.md): the reading engine and its worker.
export {
  DEFAULT_READING_LIMITS,
  type ReadingLimits,
  type ReadingRefusal,
  ReadingRefused,
  type ReadOptions,
  type ReadResult,
  readDocumentFile,
} from './reading.engine.ts';
export { createReadingWorker, type ReadingWorker, type ReadingWorkerOptions } from './reading.worker.ts';
