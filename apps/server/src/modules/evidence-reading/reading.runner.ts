import type { ReadDocument, ReadingRefusalValue, ReadPage } from '@jcbb/contract';
import { readingRefusalValues } from '@jcbb/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileService } from '../file/index.ts';
import { comparable } from './reading.checks.ts';
import type { ReadOptions, ReadResult } from './reading.engine.ts';
import * as repo from './reading.repository.ts';

/**
 * The reader in the background (docs/evidence-reading.md, "The queue"): off the request path, one file at a time per
 * process (the machine's cores go to OCR), any number of processes on one database. It queues the evidence files no
 * reading names yet, claims the oldest, reads it through the engine (a worker thread), stores the pages' previews on
 * the file store, parses the fields and saves them; progress is saved page by page. A refusal (encrypted, too many
 * pages…) is a state the reader of the document sees, never an error of the upload. A process that dies mid-reading
 * leaves a lease that runs out; another claim takes the file again (three claims at most).
 */

/** What reads a file's bytes into pages: the worker process in production (reading.worker.ts). */
export interface ReadingEngine {
  /** Its name and version, kept with each reading: a later engine may read again what an older one read. */
  readonly name: string;
  read(bytes: Buffer, mime: string, opts: ReadOptions): Promise<ReadResult>;
  close(): Promise<void>;
}

export interface ReadingRunnerOptions {
  db: Db;
  files: FileService;
  engine: ReadingEngine;
  parse: (pages: ReadPage[]) => ReadDocument;
  log: FastifyBaseLogger;
  /** Where the files to read are named: each module's SELECT of upload ids (`productReadingUploads`, …). */
  sources: repo.ReadingSource[];
  /** How long to wait for new work when there is none. */
  idleMs?: number;
  /** A claim's lease: a reading whose worker says nothing for this long is taken again. */
  leaseMs?: number;
}

const DEFAULT_IDLE_MS = 3_000;
/** After this long without a file, the worker process is ended (its memory, the OCR model's, given back). */
const CLOSE_WORKER_AFTER_MS = 60_000;
const DEFAULT_LEASE_MS = 120_000;

/** The refusal an engine error names, if it names one. */
function refusalOf(error: unknown): ReadingRefusalValue | null {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && (readingRefusalValues as readonly string[]).includes(reason)
    ? (reason as ReadingRefusalValue)
    : null;
}

async function bytesOf(files: FileService, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The number a reading is found again by: the report's or certificate's, in capitals without spaces. */
export function numberOf(document: ReadDocument): string | null {
  const field = document.fields.find((f) => f.key === 'reportNo' || f.key === 'certNo');
  const number = field ? comparable(field.value) : '';
  return number === '' ? null : number;
}

export function createReadingRunner(options: ReadingRunnerOptions) {
  const { db, files, engine, parse, log, sources } = options;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let stopped = false;
  let wake: (() => void) | null = null;
  let running: Promise<void> | null = null;

  /** Read one file if there is one; true when a file was taken. */
  async function step(): Promise<boolean> {
    await db.transaction((tx) => repo.queueUnread(tx, sources));
    const job = await db.transaction((tx) => repo.claimNext(tx, leaseMs));
    if (!job) return false;
    const started = Date.now();
    try {
      const bytes = await bytesOf(files, job.sha256);
      // Stopping meanwhile: the engine was closed, and a read now would start it again (checked and called at once).
      if (stopped) throw new Error('stopping');
      const { pages, previews } = await engine.read(bytes, job.mime, {
        onProgress: (done, total) => {
          void db
            .transaction((tx) => repo.saveProgress(tx, job.id, done, total, leaseMs))
            .catch((error: unknown) => log.warn({ err: error, reading: job.id }, 'reading progress not saved'));
        },
      });
      const document = parse(pages);
      await db.transaction(async (tx) => {
        const previewShas: string[] = [];
        for (const preview of previews) previewShas.push(await files.putBlob(preview, 'image/jpeg', tx));
        await repo.saveRead(tx, job.id, {
          engine: engine.name,
          pages,
          document,
          previews: previewShas,
          numberRead: numberOf(document),
        });
      });
      log.info({ reading: job.id, pages: pages.length, ms: Date.now() - started }, 'evidence read');
    } catch (error) {
      if (stopped) {
        // The process is stopping (the worker was ended under the file): the file goes back to the queue, unread.
        await db.transaction((tx) => repo.saveRefused(tx, job.id, 'queued', null));
        return true;
      }
      const refusal = refusalOf(error);
      if (refusal !== null) {
        await db.transaction((tx) => repo.saveRefused(tx, job.id, 'refused', refusal));
        log.info({ reading: job.id, refusal }, 'evidence not readable');
      } else {
        // An error of ours, not of the file: said as failed; the log keeps what happened, without the file's words.
        await db.transaction((tx) => repo.saveRefused(tx, job.id, 'failed', 'failed'));
        log.error({ err: error, reading: job.id }, 'evidence reading failed');
      }
    }
    return true;
  }

  async function loop() {
    let lastWork = Date.now();
    let workerOpen = false;
    while (!stopped) {
      let worked = false;
      try {
        worked = await step();
        if (worked) {
          lastWork = Date.now();
          workerOpen = true;
        } else if (workerOpen && Date.now() - lastWork > CLOSE_WORKER_AFTER_MS) {
          await engine.close();
          workerOpen = false;
        }
      } catch (error) {
        if (stopped) break;
        log.error({ err: error }, 'evidence reading queue failed');
      }
      if (!worked && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    start() {
      running ??= loop();
    },
    /** Look for work now (an upload that is evidence was just attached). */
    nudge() {
      wake?.();
    },
    /** Read what is queued, then return (tests, the demo seed). */
    async drain() {
      while (await step()) {
        // one file after another
      }
    },
    /** Stop: the file being read goes back to the queue for the next process (the worker is ended, not waited for). */
    async stop() {
      stopped = true;
      wake?.();
      await engine.close();
      await running;
    },
  };
}
