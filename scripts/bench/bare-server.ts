/**
 * The baseline of the API throughput ratios: a bare node:http server answering every request
 * with a small JSON body, run as its own process like the real server. PORT is required.
 */
import http from 'node:http';

const port = Number(process.env.PORT);
const body = JSON.stringify({ status: 'ok', database: 'none' });

http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(port, '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
