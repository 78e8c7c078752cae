// Writes unit-size-baseline.json: every function now over 60 lines of code, with its length. Run
// after splitting one; an entry is only ever removed or lowered (the rule refuses growth).
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import unitSize from './unit-size.mjs';

const path = new URL('./unit-size-baseline.json', import.meta.url);
const previous = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
// Only the one rule, with the parser alone: the repository's type-aware rules (the most of
// `npm run lint`'s time) have nothing to do with a function's length.
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'unit-size': unitSize },
      rules: { 'unit-size/max-function-lines': ['error', { max: 60 }] },
    },
  ],
});
const results = await eslint.lintFiles([
  'apps/api/src/**/*.{ts,tsx}',
  'apps/web/src/**/*.{ts,tsx}',
  'packages/*/src/**/*.ts',
]);
const found = {};
for (const result of results) {
  const file = result.filePath.slice(process.cwd().length + 1);
  if (/\.test\.tsx?$/.test(file)) continue;
  for (const message of result.messages) {
    if (message.ruleId !== 'unit-size/max-function-lines') continue;
    const match = /^(.+) has (\d+) lines/.exec(message.message);
    if (!match) continue;
    const key = `${file}#${match[1]}`;
    const lines = Number(match[2]);
    if (previous && !(key in previous)) {
      console.error(`new long function, not added: ${key} (${String(lines)} lines)`);
      process.exitCode = 1;
      continue;
    }
    found[key] = Math.max(found[key] ?? 0, lines);
  }
}
const sorted = Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${String(Object.keys(sorted).length)} functions over 60 lines`);
