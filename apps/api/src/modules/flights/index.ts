/**
 * What other modules use of the flights module besides its service: its error answers, and the
 * mapping of a supplier's failure onto them (a booking meets the same failures as a search).
 */
export { flightErrors, supplierFailure } from './flights.errors';
