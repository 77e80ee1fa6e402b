/**
 * `POST /calculator/bill-extract` over HTTP with the real OCR (the OpenAPI document): bill images
 * rendered by the test in English, Spanish and Russian as PNG, JPEG and WebP give their amount; a
 * non-image named .png is 415; 10 MB or more is 413, and an oversized upload is cut off early
 * instead of being read to its end; the per-address limit is 429.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billImage, multipartBody, TINY_PNG, type BillFormat } from './calculator-images.ts';
import { startCalculatorServer, type LightServer } from './projects-app.ts';

const NOT_AN_IMAGE = {
  message: 'Please upload a valid image file (JPEG, PNG, or WebP)',
  code: 'unsupported_media_type',
};
const TOO_LARGE = { message: 'File size must be less than 10MB', code: 'payload_too_large' };
const MB = 1024 * 1024;

let server: LightServer;
beforeAll(async () => {
  server = await startCalculatorServer({ OCR_WORKERS: '2', BILL_EXTRACT_RATE_LIMIT: '1000' }, true);
});
afterAll(async () => {
  await server?.close();
});

/** Uploads `file` as the multipart field `file` with fetch (as the web client does). */
async function upload(file: Buffer, fileName = 'bill.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), fileName);
  const response = await fetch(`${server.origin}/api/v1/calculator/bill-extract`, {
    method: 'POST',
    body: form,
  });
  const body = (await response.json()) as {
    amount: number | null;
    currency: string;
    confidence: number;
    text: string;
    code?: string;
    message?: string;
  };
  return { status: response.status, headers: response.headers, body };
}

describe('bill amount from a photo', () => {
  it.each<[string, BillFormat, string[], number]>([
    [
      'an English bill as PNG',
      'png',
      [
        'CITY ELECTRIC COMPANY',
        'Account 1234567',
        'Energy used 320 kWh',
        'Amount due: 1 234.50 KGS',
      ],
      1234.5,
    ],
    [
      'a Spanish bill as WebP',
      'webp',
      ['FACTURA DE ELECTRICIDAD', 'Consumo 320 kWh', 'Total a pagar: 987.00'],
      987,
    ],
    [
      'a Russian bill as JPEG (read through Latin look-alikes)',
      'jpeg',
      ['Счет за электроэнергию', 'Потреблено 300 кВт', 'Итого к оплате: 2 345,60 сом'],
      2345.6,
    ],
  ])('finds the amount on %s', async (_name, format, lines, amount) => {
    const image = await billImage(lines, format);
    const answer = await upload(image, `bill.${format}`, `image/${format}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      amount,
      currency: 'KGS',
      confidence: expect.any(Number),
      text: expect.any(String),
    });
    expect(answer.body.confidence).toBeGreaterThan(0.5);
    expect(answer.body.confidence).toBeLessThanOrEqual(1);
    expect(answer.body.text.split('\n').length).toBeGreaterThanOrEqual(lines.length);
  });

  it('answers amount null and confidence 0 for an image without an amount', async () => {
    const answer = await upload(TINY_PNG);
    expect(answer).toMatchObject({
      status: 200,
      body: { amount: null, currency: 'KGS', confidence: 0, text: '' },
    });
  });

  it('reads the type from the bytes: a JPEG named .png is fine, text named .png is 415', async () => {
    const jpeg = await billImage(['Total 500.00 KGS'], 'jpeg');
    const misnamed = await upload(jpeg, 'bill.png', 'image/png');
    expect(misnamed.status).toBe(200);
    expect(misnamed.body.amount).toBe(500);
    const text = await upload(Buffer.from('Amount due: 1 234.50 KGS'), 'bill.png', 'image/png');
    expect(text).toMatchObject({ status: 415, body: NOT_AN_IMAGE });
    const pdf = await upload(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'bill.png', 'image/png');
    expect(pdf).toMatchObject({ status: 415, body: NOT_AN_IMAGE });
    const empty = await upload(Buffer.alloc(0));
    expect(empty).toMatchObject({ status: 415, body: NOT_AN_IMAGE });
  });

  it('answers 415 for an image whose bytes cannot be decoded, and keeps working', async () => {
    const png = await billImage(['Total 100.00'], 'png');
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(4000, 0x55)]);
    expect(await upload(broken)).toMatchObject({ status: 415, body: NOT_AN_IMAGE });
    const next = await upload(await billImage(['Total 321.00 KGS'], 'png'));
    expect(next.status).toBe(200);
    expect(next.body.amount).toBe(321);
  });

  it('answers 400 for a picture of more than 40 megapixels without decoding it', async () => {
    const png = Buffer.from(TINY_PNG);
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    const answer = await upload(png);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'validation_failed',
      errors: { file: 'The image must be at most 40 megapixels' },
    });
  });

  it('answers 415 for a request that is not multipart, and 400 without a `file` field', async () => {
    const json = await fetch(`${server.origin}/api/v1/calculator/bill-extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'x' }),
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual(NOT_AN_IMAGE);
    const { body, contentType } = multipartBody(TINY_PNG, { field: 'photo' });
    const wrongField = await server.app.inject({
      method: 'POST',
      url: '/api/v1/calculator/bill-extract',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('size limit', () => {
  it('accepts just under 10 MB and refuses exactly 10 MB and 11 MB with 413', async () => {
    const image = (size: number) => {
      const bytes = Buffer.alloc(size);
      TINY_PNG.copy(bytes);
      return bytes;
    };
    // Just under the limit passes the size check (the padding after IEND is ignored).
    const under = await upload(image(10 * MB - 1));
    expect(under.status).toBe(200);
    expect(await upload(image(10 * MB))).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(await upload(image(11 * MB))).toMatchObject({ status: 413, body: TOO_LARGE });
  });

  /**
   * Sends a chunked multipart upload of `totalBytes` over a raw socket, as fast as the
   * server takes it, and reports how much it could write, whether the server closed the
   * connection, and the status line it answered.
   */
  async function rawUpload(totalBytes: number, headers: Record<string, string> = {}) {
    const boundary = 'solar-raw-boundary';
    const socket = net.connect(Number(new URL(server.origin).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    let closed = false;
    const ended = new Promise<false>((resolve) => {
      socket.once('close', () => resolve(false));
      socket.once('error', () => resolve(false));
    });
    const answered = new Promise<void>((resolve) => {
      socket.on('data', (data) => {
        response += data.toString('latin1');
        if (response.includes('\r\n\r\n')) resolve();
      });
    });
    socket.on('close', () => (closed = true));
    socket.on('error', () => (closed = true));
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const chunked = !('Content-Length' in headers);
    socket.write(
      `POST /api/v1/calculator/bill-extract HTTP/1.1\r\nHost: test\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n${chunked ? 'Transfer-Encoding: chunked\r\n' : ''}${extra}\r\n`,
    );
    const frame = (data: Buffer) =>
      chunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    const part = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    socket.write(frame(Buffer.concat([part, TINY_PNG])));
    const chunk = frame(Buffer.alloc(256 * 1024, 0x41));
    let written = 0;
    while (!closed && written < totalBytes) {
      if (!socket.write(chunk)) {
        // Wait until the server reads on, or hangs up once it has answered.
        const drained = await Promise.race([
          new Promise<true>((resolve) => socket.once('drain', () => resolve(true))),
          ended,
        ]);
        if (!drained) break;
      }
      written += chunk.length;
    }
    // A body that was sent ends when the server hangs up; a refused header, when it answers.
    await (totalBytes > 0 ? ended : answered);
    const status = response.split('\r\n')[0];
    socket.destroy();
    return { written, closed, status, response };
  }

  it('stops reading an oversized upload early and closes the connection', async () => {
    const result = await rawUpload(200 * MB);
    expect(result.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(result.response).toContain('File size must be less than 10MB');
    // The server read about 10 MB (plus socket buffers) of the 200 MB, then hung up.
    expect(result.written).toBeLessThan(40 * MB);
    expect(result.closed).toBe(true);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const result = await rawUpload(0, { 'Content-Length': String(50 * MB) });
    expect(result.status).toBe('HTTP/1.1 413 Payload Too Large');
  });
});

describe('per-address limit', () => {
  it('answers 429 with Retry-After past BILL_EXTRACT_RATE_LIMIT per minute', async () => {
    const limited = await startCalculatorServer({ BILL_EXTRACT_RATE_LIMIT: '2' });
    try {
      const send = () => {
        const { body, contentType } = multipartBody(TINY_PNG);
        return limited.app.inject({
          method: 'POST',
          url: '/api/v1/calculator/bill-extract',
          headers: { 'content-type': contentType },
          payload: body,
        });
      };
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
