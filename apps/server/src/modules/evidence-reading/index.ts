/**
 * The evidence-reading module's public functions (docs/evidence-reading.md): other modules, app.ts, jobs, seed, bench
 * and tests import from here only (docs/architecture.md, "Module boundaries").
 */

export {
  DEFAULT_READING_LIMITS,
  type ReadingLimits,
  type ReadingRefusal,
  ReadingRefused,
  type ReadOptions,
  type ReadResult,
  readDocumentFile,
} from './reading.engine.ts';
export { parseDocument } from './reading.parse.ts';
export { productReadingUploads, type ReadingSource } from './reading.repository.ts';
export { registerReadingRoutes } from './reading.routes.ts';
export { createReadingRunner, type ReadingEngine } from './reading.runner.ts';
export {
  createReadingService,
  evidenceDocumentOf,
  productEvidenceDocument,
  productEvidenceDocuments,
  productSubject,
  type ReadingSubjectGate,
  readingDigest,
  readingsOf,
  type SubjectDocument,
  type SubjectMaterial,
} from './reading.service.ts';
export {
  createReadingWorker,
  ENGINE_NAME,
  type ReadingWorker,
  type ReadingWorkerOptions,
  workerEngine,
} from './reading.worker.ts';
