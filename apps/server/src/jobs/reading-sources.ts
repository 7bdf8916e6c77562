import { certificateReadingUploads } from '../modules/certificate/index.ts';
import { inspectionReadingUploads } from '../modules/construction/index.ts';
import { productReadingUploads, type ReadingSource } from '../modules/evidence-reading/index.ts';
import { revisionReadingUploads } from '../modules/revision/index.ts';

/**
 * The files the evidence reader reads (docs/evidence-reading.md, "The queue"): one SELECT of upload ids per table
 * that holds certificates and test reports, each written by the module that owns the table. A module whose
 * documents should be read adds its SELECT here.
 */
export const readingSources: ReadingSource[] = [
  productReadingUploads,
  revisionReadingUploads,
  certificateReadingUploads,
  inspectionReadingUploads,
];
