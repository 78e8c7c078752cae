import { ESLint } from 'eslint';
import unitSize from './scripts/eslint/unit-size.mjs';
const eslint = new ESLint({
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], plugins: { 'unit-size': unitSize }, rules: { 'unit-size/max-function-lines': ['warn', { max: 60 }] } }],
});
const results = await eslint.lintFiles(process.argv.slice(2));
let n = 0;
for (const r of results) for (const m of r.messages) if (m.ruleId === 'unit-size/max-function-lines') { n++; console.log(`${r.filePath.replace(process.cwd()+'/','')}:${m.line} ${m.message}`); }
console.log('total', n);
