import { describe, expect, it } from 'vitest';
import { describeThrown } from './thrown-message';

/** As PGlite's Emscripten file system throws: an object of its own class, no Error. */
class ErrnoError {
  name = 'ErrnoError';
  stack = '<generic error, no stack>';
  constructor(readonly errno: number) {}
}

describe('describeThrown', () => {
  it("shows an Error's stack, its code and its cause", () => {
    const error = Object.assign(new Error('connect refused', { cause: new Error('socket') }), {
      code: 'ECONNREFUSED',
    });
    const text = describeThrown(error);
    expect(text).toMatch(/^Error: connect refused\n\s+at /);
    expect(text).toContain('(code ECONNREFUSED)');
    expect(text).toMatch(/\nCaused by: Error: socket\n/);
  });

  it.each<[string, unknown, string]>([
    ['PGlite ErrnoError', new ErrnoError(44), 'ErrnoError (errno 44)'],
    [
      'an ErrorEvent-like value',
      {
        type: 'error',
        message: 'worker failed',
        error: { name: 'RuntimeError', message: 'unreachable' },
      },
      'worker failed (type error)\nCaused by: RuntimeError: unreachable',
    ],
    ['a plain object with a code', { code: 'XX000' }, 'a thrown object (code XX000)'],
    ['an object with other fields', { reason: 'gone' }, '{"reason":"gone"}'],
    ['an empty object', {}, 'an object with no message (Object)'],
    [
      'an object of a class with nothing',
      new (class Empty {
        readonly unset = undefined;
      })(),
      'an object with no message (Empty)',
    ],
    ['a string', 'out of memory', 'out of memory'],
    ['undefined', undefined, 'undefined'],
    ['a number', 42, '42'],
  ])('%s', (_what, thrown, expected) => {
    expect(describeThrown(thrown)).toBe(expected);
    expect(describeThrown(thrown)).not.toContain('[object Object]');
  });

  it('survives a value that cannot be made JSON and a cause that is itself', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeThrown(circular)).toBe('an object with no message (Object)');
    const own = { message: 'loop' } as Record<string, unknown>;
    own.cause = own;
    expect(describeThrown(own)).toBe('loop');
  });
});
