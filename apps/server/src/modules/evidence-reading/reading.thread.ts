/**
 * The reading worker's thread (reading.worker.ts starts it): loads the OCR model once, then reads one document per
 * message and answers with its pages, progress on the way, or a refusal.
 */
import { parentPort } from 'node:worker_threads';
import { loadOcr, ReadingRefused, readDocumentFile } from './reading.engine.ts';
import type { ThreadAnswer, ThreadRequest } from './reading.worker.ts';

const port = parentPort;
if (!port) throw new Error('reading.thread.ts runs as a worker thread');
const send = (answer: ThreadAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);

// The model loads while the first document is on its way; an error here shows at the first OCR page.
loadOcr().catch(() => {});

port.on('message', async (req: ThreadRequest) => {
  try {
    const bytes = Buffer.from(req.bytes);
    const { pages, previews } = await readDocumentFile(bytes, req.mime, {
      limits: req.limits,
      onProgress: (done, total) => send({ id: req.id, type: 'progress', done, total }),
    });
    const copies = previews.map((p) => p.buffer.slice(p.byteOffset, p.byteOffset + p.byteLength) as ArrayBuffer);
    send({ id: req.id, type: 'done', pages, previews: copies }, copies);
  } catch (error) {
    if (error instanceof ReadingRefused) {
      send({ id: req.id, type: 'refused', reason: error.reason, message: error.message });
    } else send({ id: req.id, type: 'error', message: (error as Error).message ?? String(error) });
  }
});
