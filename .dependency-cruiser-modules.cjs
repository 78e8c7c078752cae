// @ts-check
/**
 * The API's modules as a graph of their own, checked by `npm run lint` (dependency-cruiser, the
 * second half of `lint:boundaries`): no module depends on another that depends back on it, by
 * any path through the modules, type-only imports included. A shared concern two modules need
 * is a module of its own both use (the checkout core, `modules/checkout`, for bookings and
 * payments). Tests are left out: a test may reach any module.
 */
const base = require('./.dependency-cruiser.cjs');

/** What the repository's check leaves out (built output, reports, generated files). */
const excluded = /** @type {{ path: string[] }} */ (base.options?.exclude ?? { path: [] }).path;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'Modules depend on each other in one direction only.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^apps/api/src/modules/',
    exclude: { path: [...excluded, '\\.test\\.tsx?$'] },
  },
};
