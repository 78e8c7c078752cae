/** What other features use of auth: who is signed in. */
export { useCurrentUser } from './api/get-current-user';
