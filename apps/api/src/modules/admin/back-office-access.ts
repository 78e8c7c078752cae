/**
 * What every desk of the back office shares: who is acting, what they may see and do, the audit
 * entry an action writes, and the transaction a repeated action (the same Idempotency-Key) rolls
 * back.
 */
import { backOfficeMessages, type BackOfficeAccess } from '@contrail/contracts/back-office';
import { forbidden } from '../../lib/app-error';
import type { PaymentSources } from '../../providers/payments/payment-sources';
import type { Authenticated } from '../auth/auth.service';
import type { BookingsService } from '../bookings/bookings.service';
import type { TripsService } from '../bookings/trips.service';
import type { BrandContext } from '../brands/brands.service';
import type { EmailOutbox } from '../email';
import type { PaymentsRepository } from '../payments';
import { backOfficeErrors } from './admin.errors';
import { STEP_UP_TTL_MS } from './admin.service';
import type { BrandScope } from '../../db/brand-scope';
import type { BackOfficeAreas } from './back-office-records';

/** Who is acting, and which brands they may see (null: every brand). */
export interface BackOfficeActor {
  auth: Authenticated;
  role: BackOfficeAccess['role'];
  scope: BrandScope;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The areas and the outbox, bound to one transaction. */
export type BackOfficeTransaction = BackOfficeAreas & { outbox: EmailOutbox };

export interface BackOfficeServiceDeps extends BackOfficeAreas {
  /** Runs `work` on the areas and an outbox bound to one transaction. */
  inTransaction: <T>(work: (tx: BackOfficeTransaction) => Promise<T>) => Promise<T>;
  bookings: Pick<BookingsService, 'reconcileOne'>;
  trips: Pick<TripsService, 'quoteCancellationFor' | 'cancelFor' | 'reconcileCancellation'>;
  payments: Pick<PaymentsRepository, 'find' | 'transition'>;
  processors: Pick<PaymentSources, 'of'>;
  brandById: (id: string) => Promise<BrandContext | undefined>;
  clock: () => Date;
}

/** Thrown to roll back work whose audit entry a twin request (same key) wrote first. */
class RepeatedAction extends Error {}

/** The checks and the audit every desk uses (`createBackOfficeGuards`). */
export type BackOfficeGuards = ReturnType<typeof createBackOfficeGuards>;

export function createBackOfficeGuards(
  deps: Pick<BackOfficeServiceDeps, 'repository' | 'inTransaction' | 'clock'>,
) {
  const { repository, clock } = deps;
  const visible = (actor: BackOfficeActor, brandId: string | null) =>
    actor.scope === null || (brandId !== null && actor.scope.includes(brandId));

  /** The scope of a list: the actor's, narrowed to `brand` (403 for a brand not theirs). */
  const narrowed = (actor: BackOfficeActor, brand: string | undefined): BrandScope => {
    if (brand === undefined) return actor.scope;
    if (!visible(actor, brand)) throw forbidden(backOfficeMessages.accessDenied);
    return [brand];
  };

  const requirePlatformAdmin = (actor: BackOfficeActor) => {
    if (actor.role !== 'platform_admin') throw forbidden(backOfficeMessages.accessDenied);
  };

  const requireSteppedUp = (actor: BackOfficeActor) => {
    const at = actor.auth.session.steppedUpAt;
    if (!at || clock().getTime() - at.getTime() > STEP_UP_TTL_MS) {
      throw backOfficeErrors.stepUpRequired();
    }
  };

  const audit = (
    actor: BackOfficeActor,
    entry: {
      action: string;
      brandId: string | null;
      targetType: string;
      targetId: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      key?: string;
    },
    repo: BackOfficeAreas['repository'] = repository,
  ) =>
    repo.recordAudit({
      actorUserId: actor.auth.user.id,
      actorUsername: actor.auth.user.username,
      action: entry.action,
      brandId: entry.brandId,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      idempotencyKey: entry.key ?? null,
      createdAt: clock(),
    });

  /**
   * Runs `work` in one transaction; `work` answers whether its audit entry was written. When it was
   * not (a twin with the same Idempotency-Key got there first), everything is rolled back and the
   * answer is false: done once, by the twin.
   */
  const onceInTransaction = async (
    work: (tx: BackOfficeTransaction) => Promise<boolean>,
  ): Promise<boolean> => {
    try {
      return await deps.inTransaction(async (tx) => {
        if (!(await work(tx))) throw new RepeatedAction();
        return true;
      });
    } catch (error) {
      if (error instanceof RepeatedAction) return false;
      throw error;
    }
  };

  return { visible, narrowed, requirePlatformAdmin, requireSteppedUp, audit, onceInTransaction };
}
