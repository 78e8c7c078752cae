import { describe, expect, it } from 'vitest';
import { clientErrorAnswer, clientErrorMessages, clientErrorResponse } from './client-errors';

describe('clientErrorAnswer', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'headers_too_large', clientErrorMessages.headersTooLarge],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'payload_too_large', clientErrorMessages.tooLarge],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request_timeout', clientErrorMessages.timeout],
    ['HPE_INVALID_METHOD', 400, 'bad_request', clientErrorMessages.malformed],
    ['HPE_UNEXPECTED_CONTENT_LENGTH', 400, 'bad_request', clientErrorMessages.malformed],
  ])('%s: %i %s', (code, status, errorCode, message) => {
    expect(clientErrorAnswer(code)).toEqual({ status, body: { code: errorCode, message } });
  });

  it.each(['ECONNRESET', 'EPIPE', undefined])('%s is no request: nothing to answer', (code) => {
    expect(clientErrorAnswer(code)).toBeNull();
  });

  it('writes a whole HTTP answer that closes the connection', () => {
    const answer = clientErrorAnswer('HPE_HEADER_OVERFLOW');
    if (!answer) throw new Error('no answer');
    const text = clientErrorResponse(answer);
    const body =
      '{"error":{"code":"headers_too_large","message":"The request headers are too large"}}';
    expect(text).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${String(body.length)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  });
});
