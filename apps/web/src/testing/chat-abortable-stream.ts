/**
 * Test helper for the chat: the app fixture answers through MSW's `getResponse` in-process,
 * where aborting the request (the user's stop) does not end the response body as a real
 * fetch does, so a stopped stream would wait forever. This handler answers
 * `POST /chat/stream` with the fake's own answer and errors its body with an AbortError
 * when the request is aborted, as the browser's fetch does.
 */
import { getResponse, http, type HttpHandler } from 'msw';
import type { AppFixture } from './app-fixture.tsx';

/** The abortable chat stream handler; `fixture` is read when a request arrives. */
export function abortableChatStream(fixture: () => AppFixture): HttpHandler {
  return http.post('*/api/v1/chat/stream', async ({ request }) => {
    const response = await getResponse(fixture().mock.handlers.chat, request);
    if (!response?.body) return response;
    const reader = response.body.getReader();
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(new DOMException('The user aborted a request.', 'AbortError'));
      if (request.signal.aborted) fail();
      else request.signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => undefined);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const result = await Promise.race([reader.read(), aborted]);
          if (result.done) controller.close();
          else controller.enqueue(result.value);
        } catch (error) {
          void reader.cancel().catch(() => undefined);
          controller.error(error);
        }
      },
      cancel: () => reader.cancel(),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  });
}
