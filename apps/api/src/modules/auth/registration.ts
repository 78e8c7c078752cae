import type { RegisterRequest } from '@contrail/contracts/account-forms';
import { registerWaitMessage } from '@contrail/contracts/auth';
import { errorCodes } from '@contrail/contracts/errors';
import { addressBucket, tooManyRequests } from '../../lib/rate-limit';
import type { SiteUrl } from '../../lib/site-url';
import type { BrandContext } from '../brands/brands.service';
import type { AccountLinksService } from './account-links.service';
import type { ThrottleRepository, UsersRepository } from './auth.repository';
import { authErrors } from './auth.errors';
import { hashPassword } from './password';

/**
 * Registration: a new account and its confirmation link, answered alike whether or not the
 * address has an account already, with the refusals one address may be given limited.
 */

/**
 * Registrations refused from one address (a username or e-mail address taken): each refusal
 * tells whether an account exists, so they are what is limited. A registration that succeeds
 * takes its own attempt back.
 */
export const REGISTER_REFUSALS_PER_ADDRESS = { max: 10, windowMs: 60 * 60 * 1000 };

export interface Registration {
  /**
   * Creates an account and e-mails its confirmation link. An address that has an account already
   * resolves alike (its owner is e-mailed instead), so the answer tells nobody whether it has one.
   * A taken username is refused; refusals from one address are limited (429 past the limit).
   */
  register(request: {
    brand: BrandContext;
    input: RegisterRequest;
    ip: string;
    siteUrl: SiteUrl;
  }): Promise<void>;
}

export function createRegistration({
  users,
  throttle,
  links,
  clock,
}: {
  users: UsersRepository;
  throttle: ThrottleRepository;
  links: AccountLinksService;
  clock: () => Date;
}): Registration {
  return {
    async register({ brand, input, ip, siteUrl }) {
      // Counted before the checks, so racing requests cannot slip past; a success takes it back.
      const refusalsKey = `register:refused:address:${addressBucket(ip)}`;
      const now = clock();
      const refusals = await throttle.hit(refusalsKey, now, REGISTER_REFUSALS_PER_ADDRESS.windowMs);
      if (refusals.attempts > REGISTER_REFUSALS_PER_ADDRESS.max) {
        throw tooManyRequests(
          {
            windowStart: refusals.windowStart,
            windowMs: REGISTER_REFUSALS_PER_ADDRESS.windowMs,
            now,
          },
          errorCodes.rateLimited,
          registerWaitMessage,
        );
      }
      if (await users.usernameTaken(brand.id, input.username)) {
        throw authErrors.usernameTaken();
      }
      // Hashed whether or not the address has an account, so both answers take as long.
      const passwordHash = await hashPassword(input.password);
      const existing = await users.findByEmail(brand.id, input.email);
      const user = existing
        ? undefined
        : await users.insert({
            brandId: brand.id,
            username: input.username,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
          });
      // Lost a race with a concurrent registration of the same name (or of the same address).
      if (!existing && !user && (await users.usernameTaken(brand.id, input.username))) {
        throw authErrors.usernameTaken();
      }
      await throttle.release(refusalsKey);
      if (user) {
        await links.sendConfirmation(user, brand, siteUrl);
        return;
      }
      const owner = existing ?? (await users.findByEmail(brand.id, input.email));
      if (owner) await links.noteRegistrationAttempt(owner, brand, siteUrl);
    },
  };
}
