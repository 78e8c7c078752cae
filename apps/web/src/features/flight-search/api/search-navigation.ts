// What the /search route runs before its page (`app/public-routes.ts`): whether the URL asks for
// a search, and starting it. One lazily loaded chunk of its own, apart from the page's.
export { isSearchLink } from '../lib/search-link';
export { prefetchSearchResults } from './prefetch-search';
