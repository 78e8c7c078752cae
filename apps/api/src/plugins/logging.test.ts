import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from './logging';

function capture(): { logger: pino.Logger; lines: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream);
  return { logger, lines: () => chunks.join('') };
}

describe('log redaction', () => {
  it('blanks passwords, cookies, authorization and card fields', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { cookie: 'sid=abc123', authorization: 'Bearer tok123' } },
      password: 'hunter2-password',
      body: { currentPassword: 'old-secret-1', newPassword: 'New-secret-2!' },
      payment: { cardDetails: { number: '4242424242424242', cvv: '123' } },
      cardDetails: { number: '4000000000000002', cvv: '999', holderName: 'A Person' },
    });
    const text = lines();
    for (const secret of [
      'abc123',
      'tok123',
      'hunter2',
      'old-secret',
      'New-secret',
      '4242424242424242',
      '4000000000000002',
      '"123"',
      '999',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });
});
