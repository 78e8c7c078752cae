import { useTestHashCost } from '../src/modules/auth/password';

// Passwords are hashed at argon2id's smallest cost in tests (see `useTestHashCost`).
useTestHashCost(true);
