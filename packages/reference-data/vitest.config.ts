import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'reference-data', environment: 'node', include: ['src/**/*.test.ts'] },
});
