/**
 * Reading off the main thread: readDocumentFile runs in a worker_threads Worker (reading.thread.ts), one document at
 * a time (the machine has two cores; OCR takes one). The worker is kept between documents, so the OCR model loads
 * once; its JavaScript heap is capped (resourceLimits), and a document that takes longer than the time limit
 * terminates it and is refused as 'timeout' (the next document starts a new worker).
 *
 * The worker's entry is found beside this file: reading.thread.ts when the server runs from its TypeScript sources
 * (tsx: tests, `npm run dev`; the worker registers tsx first), evidence-reading-worker.js beside the bundle when it
 * runs from apps/server/dist (build.mjs bundles that entry).
 */
import { Worker } from 'node:worker_threads';
import type { ReadPage } from '@jcbb/contract';
import {
  type ReadingLimits,
  type ReadingRefusal,
  ReadingRefused,
  type ReadOptions,
  type ReadResult,
} from './reading.engine.ts';

/** Messages to the thread. */
export interface ThreadRequest {
  id: number;
  bytes: ArrayBuffer;
  mime: string;
  limits?: Partial<ReadingLimits>;
}
/** Messages from the thread. */
export type ThreadAnswer =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'done'; pages: ReadPage[]; previews: ArrayBuffer[] }
  | { id: number; type: 'refused'; reason: ReadingRefusal; message: string }
  | { id: number; type: 'error'; message: string };

export interface ReadingWorkerOptions {
  /** Time for one document, after which the worker is ended and the document refused as 'timeout'. */
  timeoutMs?: number;
  /** The worker's JavaScript heap (pdf.js lives there; the OCR model's memory is native, outside it). */
  maxHeapMb?: number;
}

export interface ReadingWorker {
  read(bytes: Buffer, mime: string, opts?: ReadOptions): Promise<ReadResult>;
  /** Ends the worker (a document being read is refused as 'timeout'); later reads start a new one. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
const DEFAULT_HEAP_MB = 1536;

/** The worker's entry: the bundle's file, or (from sources) a bootstrap that registers tsx, then imports the thread. */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    const thread = new URL('./reading.thread.ts', import.meta.url).href;
    const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(thread)}); });`;
    return { entry: code, eval: true };
  }
  return { entry: new URL('./evidence-reading-worker.js', import.meta.url), eval: false };
}

interface Job {
  bytes: Buffer;
  mime: string;
  opts: ReadOptions;
  resolve: (r: ReadResult) => void;
  reject: (e: unknown) => void;
}

export function createReadingWorker(options: ReadingWorkerOptions = {}): ReadingWorker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let worker: Worker | null = null;
  let nextId = 1;
  const queue: Job[] = [];
  let running: { id: number; job: Job; timer: NodeJS.Timeout } | null = null;

  const finish = (settle: (job: Job) => void) => {
    if (!running) return;
    clearTimeout(running.timer);
    const { job } = running;
    running = null;
    settle(job);
    pump();
  };

  const end = async (w: Worker | null) => {
    if (worker === w) worker = null;
    await w?.terminate();
  };

  const start = (): Worker => {
    const { entry, eval: isCode } = workerEntry();
    const w = new Worker(entry, {
      eval: isCode,
      execArgv: process.execArgv.filter((a) => a !== '--watch'),
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_HEAP_MB },
    });
    w.unref();
    w.on('message', (a: ThreadAnswer) => {
      if (!running || a.id !== running.id) return;
      if (a.type === 'progress') running.job.opts.onProgress?.(a.done, a.total);
      else if (a.type === 'done') {
        const previews = a.previews.map((p) => Buffer.from(p));
        finish((job) => job.resolve({ pages: a.pages, previews }));
      } else if (a.type === 'refused') finish((job) => job.reject(new ReadingRefused(a.reason, a.message)));
      else finish((job) => job.reject(new Error(a.message)));
    });
    const died = (error: Error) => {
      void end(w);
      // Out of heap: the document was too big to read within the limits.
      const oom = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish((job) => job.reject(oom ? new ReadingRefused('too_large', error.message) : error));
    };
    w.on('error', died);
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      if (running && code !== 0) finish((job) => job.reject(new Error(`the reading worker stopped (${code})`)));
    });
    return w;
  };

  const pump = () => {
    if (running) return;
    const job = queue.shift();
    if (!job) return;
    worker ??= start();
    const w = worker;
    const id = nextId++;
    const timer = setTimeout(() => {
      void end(w);
      finish((j) => j.reject(new ReadingRefused('timeout', `reading took more than ${timeoutMs} ms`)));
    }, timeoutMs);
    running = { id, job, timer };
    // A copy the thread owns: the caller keeps its buffer.
    const copy = job.bytes.buffer.slice(job.bytes.byteOffset, job.bytes.byteOffset + job.bytes.byteLength);
    const req: ThreadRequest = { id, bytes: copy as ArrayBuffer, mime: job.mime, limits: job.opts.limits };
    w.ref();
    w.postMessage(req, [copy as ArrayBuffer]);
  };

  return {
    read(bytes, mime, opts = {}) {
      return new Promise<ReadResult>((resolve, reject) => {
        queue.push({ bytes, mime, opts, resolve, reject });
        pump();
      }).finally(() => {
        if (!running && worker) worker.unref();
      });
    },
    async close() {
      const w = worker;
      worker = null;
      for (const job of queue.splice(0)) job.reject(new ReadingRefused('timeout', 'the reading worker was closed'));
      finish((job) => job.reject(new ReadingRefused('timeout', 'the reading worker was closed')));
      await w?.terminate();
    },
  };
}
