/** What other features use of price alerts: the results page's "Track prices". */
export { TrackPricesButton } from './components/track-prices-button';
