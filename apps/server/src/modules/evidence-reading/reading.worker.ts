/**
 * Reading off the server's process: readDocumentFile runs in a worker (reading.thread.ts), one document at a time
 * (the machine has two cores; OCR takes one). The worker is kept between documents, so the OCR model loads once; its
 * JavaScript heap is capped, and a document that takes longer than the time limit ends the worker and is refused as
 * 'timeout' (the next document starts a new one).
 *
 * The worker is a child process (child_process.fork), not a worker_threads Worker: ending a Worker while
 * onnxruntime-node or pdf.js's canvas has native work in flight can abort the whole server ("terminate called after
 * throwing an instance of 'Napi::Error'", seen once in a few dozen tries here); killing a process cannot. The
 * process also keeps the model's native memory (outside any JavaScript heap limit) out of the server's.
 *
 * Its entry is found beside this file: reading.thread.ts when the server runs from its TypeScript sources (tsx:
 * tests, `npm run dev`; the child gets `--import tsx`), evidence-reading-worker.js beside the bundle when it runs
 * from apps/server/dist (build.mjs bundles that entry).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReadPage } from '@jcbb/contract';
import {
  type ReadingLimits,
  type ReadingRefusal,
  ReadingRefused,
  type ReadOptions,
  type ReadResult,
} from './reading.engine.ts';

/** Messages to the worker. */
export interface ThreadRequest {
  id: number;
  bytes: Uint8Array;
  mime: string;
  limits?: Partial<ReadingLimits>;
}
/** Messages from the worker. */
export type ThreadAnswer =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'done'; pages: ReadPage[]; previews: Uint8Array[] }
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

function workerEntry(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('./reading.thread.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  }
  return { file: fileURLToPath(new URL('./evidence-reading-worker.js', import.meta.url)), execArgv: [] };
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
  let child: ChildProcess | null = null;
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

  const end = (c: ChildProcess | null) => {
    if (child === c) child = null;
    c?.kill('SIGKILL');
  };

  const start = (): ChildProcess => {
    const { file, execArgv } = workerEntry();
    const c = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${options.maxHeapMb ?? DEFAULT_HEAP_MB}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    c.on('message', (a: ThreadAnswer) => {
      if (!running || a.id !== running.id) return;
      if (a.type === 'progress') running.job.opts.onProgress?.(a.done, a.total);
      else if (a.type === 'done') {
        const previews = a.previews.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength));
        finish((job) => job.resolve({ pages: a.pages, previews }));
      } else if (a.type === 'refused') finish((job) => job.reject(new ReadingRefused(a.reason, a.message)));
      else finish((job) => job.reject(new Error(a.message)));
    });
    c.on('exit', (code, signal) => {
      if (child === c) child = null;
      // Died while reading (out of memory, a native crash): the document is what it could not read.
      finish((job) => job.reject(new ReadingRefused('too_large', `the reading worker stopped (${code ?? signal})`)));
    });
    c.on('error', () => end(c));
    return c;
  };

  const idle = () => {
    child?.unref();
    child?.channel?.unref();
  };

  const pump = () => {
    if (running) return;
    const job = queue.shift();
    if (!job) return idle();
    child ??= start();
    const c = child;
    c.ref();
    c.channel?.ref();
    const id = nextId++;
    const timer = setTimeout(() => {
      end(c);
      finish((j) => j.reject(new ReadingRefused('timeout', `reading took more than ${timeoutMs} ms`)));
    }, timeoutMs);
    running = { id, job, timer };
    const req: ThreadRequest = { id, bytes: job.bytes, mime: job.mime, limits: job.opts.limits };
    c.send(req);
  };

  return {
    read(bytes, mime, opts = {}) {
      return new Promise<ReadResult>((resolve, reject) => {
        queue.push({ bytes, mime, opts, resolve, reject });
        pump();
      });
    },
    async close() {
      const c = child;
      child = null;
      for (const job of queue.splice(0)) job.reject(new ReadingRefused('timeout', 'the reading worker was closed'));
      finish((job) => job.reject(new ReadingRefused('timeout', 'the reading worker was closed')));
      if (c && c.exitCode === null) {
        const exited = new Promise((resolve) => c.once('exit', resolve));
        c.ref();
        c.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/**
 * The engine's name and version, kept with each reading (pdf.js text layer, PaddleOCR PP-OCRv4 at 1600 px, one line
 * per detected box: reading.ocr.ts).
 */
export const ENGINE_NAME = 'pdfjs-5.4+ppocr-v4-boxes@1600';

/** The worker process as the runner's engine. */
export function workerEngine(options: ReadingWorkerOptions = {}) {
  const worker = createReadingWorker(options);
  return { name: ENGINE_NAME, read: worker.read, close: worker.close };
}
