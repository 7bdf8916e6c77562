/**
 * The reading worker's process (reading.worker.ts forks it): reads one document per message and answers with its
 * pages, progress on the way, or a refusal. The OCR model loads at the first page that needs it (a text PDF never
 * does: its ~1 GB stay unspent) and is kept while the process lives.
 */
import { ReadingRefused, readDocumentFile } from './reading.engine.ts';
import type { ThreadAnswer, ThreadRequest } from './reading.worker.ts';

const parent = process.send?.bind(process);
if (!parent) throw new Error('reading.thread.ts runs as a forked process');
const send = (answer: ThreadAnswer) => parent(answer);
// The parent gone, nothing is left to read for.
process.on('disconnect', () => process.exit(0));

process.on('message', async (req: ThreadRequest) => {
  try {
    const bytes = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
    const { pages, previews } = await readDocumentFile(bytes, req.mime, {
      limits: req.limits,
      onProgress: (done, total) => send({ id: req.id, type: 'progress', done, total }),
    });
    send({ id: req.id, type: 'done', pages, previews: previews.map((p) => new Uint8Array(p)) });
  } catch (error) {
    if (error instanceof ReadingRefused) {
      send({ id: req.id, type: 'refused', reason: error.reason, message: error.message });
    } else send({ id: req.id, type: 'error', message: (error as Error).message ?? String(error) });
  }
});
