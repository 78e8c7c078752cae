import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript ESLint plugin, without type declarations
import unitSize from './eslint/unit-size.mjs';

/** `count` lines of code, each a statement. */
const statements = (count: number, indent = '  ') =>
  Array.from({ length: count }, (_, i) => `${indent}const v${String(i)} = ${String(i)};`).join(
    '\n',
  );

function lint(
  code: string,
  rules: Record<string, unknown> = { 'unit-size/max-function-lines': ['error', { max: 60 }] },
) {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.js'],
          plugins: { 'unit-size': unitSize as never },
          rules: rules as never,
        },
      ],
      '/repo/src/unit.js',
    )
    .map((message) => message.message);
}

describe('the unit-size lint', () => {
  it('refuses a function of 61 lines of code and lets one of 60 through', () => {
    // 59 statements and the two brace lines: 61.
    expect(lint(`function long() {\n${statements(59)}\n}`)).toEqual([
      'long has 61 lines of code (its named inner functions apart); at most 60. Split it along its steps, or say why above it.',
    ]);
    expect(lint(`function fits() {\n${statements(58)}\n}`)).toEqual([]);
  });

  it('counts neither blank lines nor comments', () => {
    const padded = statements(58)
      .split('\n')
      .flatMap((line) => [line, '', '  // a note'])
      .join('\n');
    expect(lint(`function fits() {\n${padded}\n}`)).toEqual([]);
  });

  it('counts a factory’s methods apart, each held to the limit itself', () => {
    const factory = (methodLines: number) =>
      `function createService() {\n  return {\n${['one', 'two', 'three']
        .map((name) => `    ${name}() {\n${statements(methodLines, '      ')}\n    },`)
        .join('\n')}\n  };\n}`;
    expect(lint(factory(40))).toEqual([]);
    expect(lint(factory(60))).toEqual([
      expect.stringMatching(/^createService\.one has 62 lines/),
      expect.stringMatching(/^createService\.two has 62 lines/),
      expect.stringMatching(/^createService\.three has 62 lines/),
    ]);
  });

  it('counts an inline callback in the function that holds it', () => {
    const code = `function render(items) {\n  return items.map((item) => {\n${statements(60, '    ')}\n  });\n}`;
    expect(lint(code)).toEqual([
      expect.stringMatching(/^render has 64 lines/),
      expect.stringMatching(/^render>callback has 62 lines/),
    ]);
  });

  it('takes a reason written above the function', () => {
    const code = `// eslint-disable-next-line unit-size/max-function-lines -- legal text, one paragraph per line\nfunction terms() {\n${statements(70)}\n}`;
    expect(lint(code)).toEqual([]);
  });

  describe('a named function’s whole span', () => {
    const span = { 'unit-size/max-span-lines': ['error', { max: 200 }] };
    const factory = (methods: number) =>
      `const createService = () => {\n  return {\n${Array.from(
        { length: methods },
        (_, i) => `    m${String(i)}() {\n${statements(18, '      ')}\n    },`,
      ).join('\n')}\n  };\n};`;

    it('refuses a factory whose methods together run past 200 lines, each short as it is', () => {
      // Ten methods of 20 lines, the return's two and the arrow's two: 204.
      expect(lint(factory(10), span)).toEqual([
        'createService spans 204 lines of code (its inner functions included); at most 200. Compose it of parts in files of their own, or say why above it.',
      ]);
      // Nine: 184.
      expect(lint(factory(9), span)).toEqual([]);
      // The methods themselves are each within the per-function limit.
      expect(lint(factory(10))).toEqual([]);
    });

    it('holds a declared function to it, not an inline callback, and takes a reason', () => {
      expect(lint(`function long() {\n${statements(199)}\n}`, span)).toEqual([
        expect.stringMatching(/^long spans 201 lines/),
      ]);
      expect(lint(`run(() => {\n${statements(250)}\n});`, span)).toEqual([]);
      const reasoned = `// eslint-disable-next-line unit-size/max-span-lines -- the policy's text, word for word\nfunction policy() {\n${statements(250)}\n}`;
      expect(lint(reasoned, span)).toEqual([]);
    });
  });
});
