/**
 * Unsigned-but-decodable JWTs for the fake backend: the client reads `exp` and the claims
 * (docs/product.md#accounts-and-sessions); the fake trusts only tokens it issued itself. Browser
 * and Node safe.
 */
function base64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT `header.payload.signature` with an HS256 header and a marker signature. */
export function fakeJwt(payload: Record<string, unknown>, nonce: string): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(
    JSON.stringify(payload),
  )}.${base64Url(`fake:${nonce}`)}`;
}
