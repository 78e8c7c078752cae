/**
 * What other modules use of the auth module besides its service: the accounts a checkout creates
 * or finds (in the booking's transaction) and the sessions an admin change signs out.
 */
export type { SessionsRepository, UsersRepository } from './auth.repository';
