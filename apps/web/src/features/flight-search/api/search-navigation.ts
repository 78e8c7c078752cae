// What the /search route runs before its page (`app/public-routes.ts`): whether the URL asks for
// a search, and starting it. One lazily loaded chunk of its own, apart from the page's. The home
// page also loads the search answer's schemas through it while its form is filled in.
export { isSearchLink } from '../lib/search-link';
export { prefetchSearchResults } from './prefetch-search';
export { loadSearchAnswerContracts } from './search-flights';
