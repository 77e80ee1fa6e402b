/**
 * The OCR worker pool (issue 9): workers start lazily, are reused across requests, at most
 * `workers` run at once, a full queue is refused, a request past its time limit fails and
 * its worker is replaced, and closing (also through the app's onClose) terminates them.
 * tesseract.js is the real one; `createWorker` is only wrapped to count workers.
 */
import type * as Tesseract from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOcrEngine,
  OcrBusyError,
  OcrFailedError,
  OcrTimeoutError,
} from '../src/calculator/ocr.ts';
import { billImage, multipartBody } from './calculator-images.ts';
import { startCalculatorServer } from './projects-app.ts';

const created: (Worker & { terminate: ReturnType<typeof vi.fn> })[] = [];

vi.mock('tesseract.js', async (importOriginal) => {
  const real = await importOriginal<typeof Tesseract>();
  return {
    ...real,
    createWorker: async (...args: Parameters<typeof real.createWorker>) => {
      const worker = await real.createWorker(...args);
      const terminate = worker.terminate.bind(worker);
      const spied = Object.assign(worker, { terminate: vi.fn(terminate) });
      created.push(spied);
      return spied;
    },
  };
});

afterEach(() => {
  created.length = 0;
});

const bill = () => billImage(['Amount due: 100.00 KGS'], 'png');

describe('createOcrEngine', () => {
  it('starts no worker until the first request, then reuses it', async () => {
    const engine = createOcrEngine({ workers: 1, timeoutMs: 30_000, maxWaiting: 5 });
    try {
      expect(created).toHaveLength(0);
      const image = await bill();
      for (let i = 0; i < 3; i++) {
        expect((await engine.recognize(image)).text).toContain('100.00');
      }
      expect(created).toHaveLength(1);
    } finally {
      await engine.close();
    }
    expect(created[0]!.terminate).toHaveBeenCalled();
    await expect(engine.recognize(await bill())).rejects.toBeInstanceOf(OcrFailedError);
  });

  it('runs up to `workers` at once, queues the rest and refuses past maxWaiting', async () => {
    const engine = createOcrEngine({ workers: 2, timeoutMs: 30_000, maxWaiting: 1 });
    try {
      const image = await bill();
      const running = [engine.recognize(image), engine.recognize(image), engine.recognize(image)];
      await expect(engine.recognize(image)).rejects.toBeInstanceOf(OcrBusyError);
      const results = await Promise.all(running);
      expect(results.every((r) => r.text.includes('100.00'))).toBe(true);
      expect(created).toHaveLength(2);
    } finally {
      await engine.close();
    }
  });

  it('fails a request past its time limit and replaces the busy worker', async () => {
    // 1 ms is less than a worker needs to start: every request runs out of time.
    const engine = createOcrEngine({ workers: 1, timeoutMs: 1, maxWaiting: 5 });
    try {
      const image = await bill();
      await expect(engine.recognize(image)).rejects.toBeInstanceOf(OcrTimeoutError);
      await expect(engine.recognize(image)).rejects.toBeInstanceOf(OcrTimeoutError);
      await vi.waitFor(() => expect(created).toHaveLength(2), { timeout: 10_000 });
      await vi.waitFor(() => expect(created[0]!.terminate).toHaveBeenCalled(), {
        timeout: 10_000,
      });
    } finally {
      await engine.close();
    }
  });
});

describe('calculator plugin', () => {
  it('closes its OCR workers when the app closes', async () => {
    const server = await startCalculatorServer();
    const { body, contentType } = multipartBody(await bill());
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/v1/calculator/bill-extract',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(answer.json()).toMatchObject({ amount: 100 });
    expect(created).toHaveLength(1);
    expect(created[0]!.terminate).not.toHaveBeenCalled();
    await server.close();
    expect(created[0]!.terminate).toHaveBeenCalled();
  });
});
