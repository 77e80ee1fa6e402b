/**
 * OCR of bill photos with tesseract.js, offline (issue 9; docs/decisions/010-ocr-geocoding-
 * pvgis.md). The traineddata is the one bundled by the `@tesseract.js-data/eng` package
 * (English LSTM, `4.0.0_best_int`), so the OCR reads English letters and digits; no Russian
 * or Spanish data is on the registry here. A small pool of workers (worker threads) is
 * created lazily on the first request and reused, so later requests do not pay start-up.
 * Each request has a time limit covering its wait for a worker and the recognition: when
 * it runs out, the request fails with OcrTimeoutError and a worker still busy with it is
 * terminated (and replaced on demand). Too many waiting requests fail at once with
 * OcrBusyError. `close()` terminates every worker.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/** The OCR took longer than the time limit. */
export class OcrTimeoutError extends Error {
  override name = 'OcrTimeoutError';
}
/** Too many requests are waiting for a worker. */
export class OcrBusyError extends Error {
  override name = 'OcrBusyError';
}
/** The image could not be read or recognised. */
export class OcrFailedError extends Error {
  override name = 'OcrFailedError';
}

/** What the OCR read: the text and its mean word confidence, 0..100. */
export interface OcrResult {
  text: string;
  confidence: number;
}

/** A reusable OCR engine. */
export interface OcrEngine {
  /** Reads the text of an image (JPEG, PNG or WebP bytes). */
  recognize(image: Buffer): Promise<OcrResult>;
  /** Terminates the workers; later calls fail. */
  close(): Promise<void>;
}

/** Pool settings. */
export interface OcrOptions {
  /** Workers (threads) at most, 1..8. */
  workers: number;
  /** Time limit of one request, ms (waiting included). */
  timeoutMs: number;
  /** Requests waiting for a worker before OcrBusyError. */
  maxWaiting: number;
  /** Folder holding `<lang>.traineddata.gz`; default the bundled English data. */
  langPath?: string;
  /** Traineddata languages, `+`-joined as tesseract names them; default `eng`. */
  languages?: string;
}

/** The folder of the bundled English LSTM traineddata (`4.0.0_best_int`). */
export function bundledLangPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

interface Slot {
  worker: Promise<Worker> | undefined;
  busy: boolean;
}

/** Creates the pool (see the file comment); nothing starts until the first `recognize`. */
export function createOcrEngine(options: OcrOptions): OcrEngine {
  const langPath = options.langPath ?? bundledLangPath();
  const languages = options.languages ?? 'eng';
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: undefined,
    busy: false,
  }));
  const waiting: { take: (slot: Slot) => void; fail: (error: Error) => void }[] = [];
  let closed = false;

  const start = (slot: Slot): Promise<Worker> => {
    const starting: Promise<Worker> = (async () => {
      const worker = await createWorker(languages, OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        // Never write a cache next to the process, never fetch anything.
        cacheMethod: 'none',
        // Without a handler tesseract.js throws job failures as uncaught exceptions.
        errorHandler: () => undefined,
      });
      // In Node the worker is a worker_threads Worker, whose 'error' event (a crash of the
      // thread) would otherwise be an uncaught exception of the whole server.
      const thread = (worker as unknown as { worker?: { on?: (e: string, f: () => void) => void } })
        .worker;
      thread?.on?.('error', () => {
        if (slot.worker === starting) discard(slot);
      });
      return worker;
    })();
    return starting;
  };

  const discard = (slot: Slot) => {
    const worker = slot.worker;
    slot.worker = undefined;
    void worker?.then((w) => w.terminate()).catch(() => undefined);
  };

  const release = (slot: Slot) => {
    const next = waiting.shift();
    if (next && !closed) next.take(slot);
    else slot.busy = false;
  };

  const acquire = (signal: AbortSignal): Promise<Slot> => {
    const free = slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (waiting.length >= options.maxWaiting) return Promise.reject(new OcrBusyError());
    return new Promise((resolve, reject) => {
      const entry = {
        take: (slot: Slot) => {
          signal.removeEventListener('abort', onAbort);
          resolve(slot);
        },
        fail: (error: Error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        const index = waiting.indexOf(entry);
        if (index >= 0) waiting.splice(index, 1);
        reject(new OcrTimeoutError('OCR timed out waiting for a worker'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  };

  return {
    async recognize(image) {
      if (closed) throw new OcrFailedError('The OCR engine is closed');
      const signal = AbortSignal.timeout(options.timeoutMs);
      const slot = await acquire(signal);
      let timedOut = false;
      try {
        slot.worker ??= start(slot);
        const job = slot.worker.then((worker) => {
          // Never hand an image to a worker that is being terminated: tesseract.js would
          // then reject a promise nobody holds and never settle the job.
          if (timedOut || closed) throw new OcrTimeoutError('OCR timed out');
          return worker.recognize(image);
        });
        const timeout = new Promise<never>((_, reject) => {
          const onAbort = () => {
            timedOut = true;
            reject(new OcrTimeoutError('OCR timed out'));
          };
          if (signal.aborted) onAbort();
          else signal.addEventListener('abort', onAbort, { once: true });
        });
        job.catch(() => undefined);
        let result: Awaited<typeof job>;
        try {
          result = await Promise.race([job, timeout]);
        } catch (error) {
          if (error instanceof OcrTimeoutError) throw error;
          throw new OcrFailedError(`OCR failed: ${String(error)}`);
        }
        return { text: result.data.text ?? '', confidence: result.data.confidence ?? 0 };
      } catch (error) {
        // A worker that timed out is still busy with the image; one that failed may be
        // broken. Either way it is replaced by a fresh one on demand.
        if (timedOut || error instanceof OcrFailedError) discard(slot);
        throw error;
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      for (const entry of waiting.splice(0))
        entry.fail(new OcrFailedError('The OCR engine is closed'));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = undefined;
          await worker?.then((w) => w.terminate()).catch(() => undefined);
        }),
      );
    },
  };
}
