/**
 * The OCR worker pool: workers start lazily, are reused across requests, at most
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
import sharp from 'sharp';
import { OCR_MAX_SIDE, prepareForOcr } from '../src/calculator/prepare-image.ts';
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

describe('fair to every client', () => {
  /** A `prepare` that records who got a worker and holds each image until let go. */
  function gatedPrepare() {
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const prepare = (image: Buffer) => {
      const name = image.subarray(-8).toString('latin1').trim();
      started.push(name);
      return new Promise<Buffer>((resolve) => gates.set(name, () => resolve(image)));
    };
    const letGo = (name: string) => gates.get(name)!();
    return { started, prepare, letGo };
  }
  /** The bill image tagged with `name` in its last bytes (after the PNG's end, ignored). */
  const tagged = (image: Buffer, name: string) =>
    Buffer.concat([image, Buffer.from(name.padStart(8), 'latin1')]);

  it('reads one image of a client at a time, even with a worker free', async () => {
    const gate = gatedPrepare();
    const engine = createOcrEngine({
      workers: 2,
      timeoutMs: 30_000,
      maxWaiting: 10,
      prepare: gate.prepare,
    });
    try {
      const image = await bill();
      const a1 = engine.recognize(tagged(image, 'a1'), 'a');
      const a2 = engine.recognize(tagged(image, 'a2'), 'a');
      await vi.waitFor(() => expect(gate.started).toEqual(['a1']));
      const b1 = engine.recognize(tagged(image, 'b1'), 'b');
      for (const call of [a1, a2, b1]) call.catch(() => undefined);
      // b takes the free worker; a's second image still waits for its first.
      await vi.waitFor(() => expect(gate.started).toEqual(['a1', 'b1']));
      gate.letGo('a1');
      await a1;
      await vi.waitFor(() => expect(gate.started).toEqual(['a1', 'b1', 'a2']));
      gate.letGo('a2');
      gate.letGo('b1');
      expect((await a2).text).toContain('100.00');
      expect((await b1).text).toContain('100.00');
    } finally {
      await engine.close();
    }
  });

  it('gives a free worker to the waiting clients in turn, and refuses a client past its share', async () => {
    const gate = gatedPrepare();
    const engine = createOcrEngine({
      workers: 1,
      timeoutMs: 30_000,
      maxWaiting: 10,
      maxWaitingPerClient: 2,
      prepare: gate.prepare,
    });
    try {
      const image = await bill();
      // The busy address sends three, then a fourth (refused: two already wait).
      const busy = ['n1', 'n2', 'n3'].map((name) => engine.recognize(tagged(image, name), 'noisy'));
      await vi.waitFor(() => expect(gate.started).toEqual(['n1']));
      await expect(engine.recognize(tagged(image, 'n4'), 'noisy')).rejects.toBeInstanceOf(
        OcrBusyError,
      );
      // Another user's photo arrives after the noisy ones: it is next, not last.
      const other = engine.recognize(tagged(image, 'u1'), 'user');
      for (const call of [...busy, other]) call.catch(() => undefined);
      gate.letGo('n1');
      await busy[0];
      await vi.waitFor(() => expect(gate.started).toEqual(['n1', 'u1']));
      gate.letGo('u1');
      expect((await other).text).toContain('100.00');
      await vi.waitFor(() => expect(gate.started).toEqual(['n1', 'u1', 'n2']));
      gate.letGo('n2');
      await busy[1];
      await vi.waitFor(() => expect(gate.started).toEqual(['n1', 'u1', 'n2', 'n3']));
      gate.letGo('n3');
      await Promise.all(busy);
    } finally {
      await engine.close();
    }
  });
});

describe('the image the OCR reads', () => {
  it('is scaled down to OCR_MAX_SIDE pixels a side; small images keep their size', async () => {
    const big = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const prepared = await sharp(await prepareForOcr(big, 40_000_000)).metadata();
    expect([prepared.width, prepared.height]).toEqual([
      OCR_MAX_SIDE,
      Math.round((OCR_MAX_SIDE * 4) / 6),
    ]);
    const small = await bill();
    const kept = await sharp(await prepareForOcr(small, 40_000_000)).metadata();
    const original = await sharp(small).metadata();
    expect([kept.width, kept.height]).toEqual([original.width, original.height]);
  });

  it('refuses a picture over the pixel cap before decoding it, and bytes that are no image', async () => {
    const big = await sharp({
      create: { width: 3000, height: 3000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    await expect(prepareForOcr(big, 8_000_000)).rejects.toThrow(/pixel limit/i);
    await expect(prepareForOcr(Buffer.from('not an image'), 8_000_000)).rejects.toThrow();
  });

  it('an image that cannot be decoded fails as OcrFailedError (415), its worker kept', async () => {
    const engine = createOcrEngine({
      workers: 1,
      timeoutMs: 30_000,
      maxWaiting: 1,
      prepare: (image) => prepareForOcr(image, 40_000_000),
    });
    try {
      expect((await engine.recognize(await bill(), 'a')).text).toContain('100.00');
      const broken = Buffer.concat([(await bill()).subarray(0, 200)]);
      await expect(engine.recognize(broken, 'a')).rejects.toBeInstanceOf(OcrFailedError);
      expect((await engine.recognize(await bill(), 'a')).text).toContain('100.00');
      expect(created).toHaveLength(1);
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
