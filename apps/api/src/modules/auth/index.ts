/**
 * What other modules use of the auth module besides its service: the accounts a checkout creates
 * or finds (in the booking's transaction), the sessions an admin change signs out, and the
 * accounts the back office makes brand staff of.
 */
export type { SessionsRepository, UsersRepository } from './auth.repository';
export type { StaffAccountsRepository } from './staff-accounts.repository';
