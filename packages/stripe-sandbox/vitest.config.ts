import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'stripe-sandbox', environment: 'node', include: ['src/**/*.test.ts'] },
});
