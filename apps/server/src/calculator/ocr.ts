/**
 * OCR of bill photos with tesseract.js, offline (docs/decisions/010-ocr-geocoding-
 * pvgis.md). The traineddata is the one bundled by the `@tesseract.js-data/eng` package
 * (English LSTM, `4.0.0_best_int`), so the OCR reads English letters and digits; no Russian
 * or Spanish data is on the registry here. A small pool of workers (worker threads) is
 * created lazily on the first request and reused, so later requests do not pay start-up.
 * Each request has a time limit covering its wait for a worker and the recognition: when
 * it runs out, the request fails with OcrTimeoutError and a worker still busy with it is
 * terminated (and replaced on demand). Too many waiting requests fail at once with
 * OcrBusyError. `close()` terminates every worker.
 *
 * Fair to every client (one address sending huge images made other
 * users' photos wait and fail): each request names its client (the caller's address), a
 * client has at most one image being read at a time and at most `maxWaitingPerClient`
 * waiting, and a free worker goes to the waiting clients in turn (round robin), never to
 * the same client twice while another waits.
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
  /**
   * Reads the text of an image (JPEG, PNG or WebP bytes) for `client` (who asks: the
   * fairness key, e.g. the caller's address; without one the request is a client of its own).
   */
  recognize(image: Buffer, client?: string): Promise<OcrResult>;
  /** Terminates the workers; later calls fail. */
  close(): Promise<void>;
  /** Requests being read now and waiting for a worker (the metrics' OCR gauge). */
  stats?(): { running: number; waiting: number };
}

/** Pool settings. */
export interface OcrOptions {
  /** Workers (threads) at most, 1..8. */
  workers: number;
  /** Time limit of one request, ms (waiting included). */
  timeoutMs: number;
  /** Requests waiting for a worker before OcrBusyError. */
  maxWaiting: number;
  /** Requests of one client waiting (besides its one running) before OcrBusyError; default 2. */
  maxWaitingPerClient?: number;
  /** Folder holding `<lang>.traineddata.gz`; default the bundled English data. */
  langPath?: string;
  /** Traineddata languages, `+`-joined as tesseract names them; default `eng`. */
  languages?: string;
  /**
   * Turns the uploaded bytes into the image the worker reads (prepare-image.ts: decode,
   * downscale); runs once the request has its worker, within its time limit. A failure is
   * OcrFailedError.
   */
  prepare?: (image: Buffer) => Promise<Buffer>;
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

interface Waiter {
  take: (slot: Slot) => void;
  fail: (error: Error) => void;
}

/** Creates the pool (see the file comment); nothing starts until the first `recognize`. */
export function createOcrEngine(options: OcrOptions): OcrEngine {
  const langPath = options.langPath ?? bundledLangPath();
  const languages = options.languages ?? 'eng';
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: undefined,
    busy: false,
  }));
  const perClient = options.maxWaitingPerClient ?? 2;
  /** Waiting requests per client, oldest first; the Map's order is the turn order. */
  const waiting = new Map<string, Waiter[]>();
  /** Clients with an image being read. */
  const running = new Set<string>();
  let waitingCount = 0;
  let anonymous = 0;
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

  /** Hands free slots to waiting clients in turn: the first eligible client, then to the back. */
  const dispatch = () => {
    for (;;) {
      const free = slots.find((slot) => !slot.busy);
      if (!free || closed) return;
      let next: [string, Waiter[]] | undefined;
      for (const entry of waiting) {
        if (!running.has(entry[0])) {
          next = entry;
          break;
        }
      }
      if (!next) return;
      const [client, queue] = next;
      const waiter = queue.shift()!;
      waitingCount--;
      // Back of the line: the client's next request waits for every other client's turn.
      waiting.delete(client);
      if (queue.length > 0) waiting.set(client, queue);
      free.busy = true;
      running.add(client);
      waiter.take(free);
    }
  };

  const release = (slot: Slot, client: string) => {
    slot.busy = false;
    running.delete(client);
    // The client just served goes behind every client already waiting.
    const queue = waiting.get(client);
    if (queue) {
      waiting.delete(client);
      waiting.set(client, queue);
    }
    dispatch();
  };

  const acquire = (client: string, signal: AbortSignal): Promise<Slot> => {
    const free = slots.find((slot) => !slot.busy);
    if (free && !running.has(client) && waitingCount === 0) {
      free.busy = true;
      running.add(client);
      return Promise.resolve(free);
    }
    const queue = waiting.get(client) ?? [];
    if (waitingCount >= options.maxWaiting || queue.length >= perClient) {
      return Promise.reject(new OcrBusyError());
    }
    return new Promise((resolve, reject) => {
      const entry: Waiter = {
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
        const mine = waiting.get(client);
        const index = mine?.indexOf(entry) ?? -1;
        if (mine && index >= 0) {
          mine.splice(index, 1);
          waitingCount--;
          if (mine.length === 0) waiting.delete(client);
        }
        reject(new OcrTimeoutError('OCR timed out waiting for a worker'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      queue.push(entry);
      waitingCount++;
      waiting.set(client, queue);
      dispatch();
    });
  };

  return {
    async recognize(upload, named) {
      if (closed) throw new OcrFailedError('The OCR engine is closed');
      const client = named ?? `\u0000anonymous-${++anonymous}`;
      const signal = AbortSignal.timeout(options.timeoutMs);
      const slot = await acquire(client, signal);
      let timedOut = false;
      let badImage = false;
      try {
        slot.worker ??= start(slot);
        const image = options.prepare
          ? options.prepare(upload).catch((error: unknown) => {
              badImage = true;
              throw new OcrFailedError(`The image cannot be decoded: ${String(error)}`);
            })
          : Promise.resolve(upload);
        const job = Promise.all([slot.worker, image]).then(([worker, bytes]) => {
          // Never hand an image to a worker that is being terminated: tesseract.js would
          // then reject a promise nobody holds and never settle the job.
          if (timedOut || closed) throw new OcrTimeoutError('OCR timed out');
          return worker.recognize(bytes);
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
          if (error instanceof OcrTimeoutError || error instanceof OcrFailedError) throw error;
          throw new OcrFailedError(`OCR failed: ${String(error)}`);
        }
        return { text: result.data.text ?? '', confidence: result.data.confidence ?? 0 };
      } catch (error) {
        // A worker that timed out is still busy with the image; one that failed may be
        // broken. Either way it is replaced by a fresh one on demand.
        if (timedOut || (error instanceof OcrFailedError && !badImage)) discard(slot);
        throw error;
      } finally {
        release(slot, client);
      }
    },
    stats: () => ({ running: slots.filter((slot) => slot.busy).length, waiting: waitingCount }),
    async close() {
      closed = true;
      const queues = [...waiting.values()];
      waiting.clear();
      waitingCount = 0;
      for (const entry of queues.flat()) entry.fail(new OcrFailedError('The OCR engine is closed'));
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
