import {
  adminMessages,
  type AdminBrand,
  type AdminSettings,
  type ModeProviders,
} from '@contrail/contracts/admin';
import { DEFAULT_BRAND_KEY, type Brand } from '@contrail/contracts/brands';
import type { z } from 'zod';
import type { brandInputSchema } from '@contrail/contracts/admin';
import { badRequest } from '../../lib/app-error';
import type { SessionsRepository, UsersRepository } from '../auth';
import type { Authenticated, PasswordConfirmation } from '../auth/auth.service';
import { type BrandRow, type BrandsRepository, toBrandRow, toPublicBrand } from '../brands';
import type { SettingsRepository } from '../system';
import { LIVE_MODE_SETTING } from '../system/system.service';
import type { Mode, ProviderRegistry } from '../../providers/registry';
import { adminErrors } from './admin.errors';
import type { AuditEntry, AuditRepository } from './admin.repository';
import { brandChange, brandValues, type BrandValues } from './brand-changes';

type BrandInput = z.output<typeof brandInputSchema>;

/** How long a password confirmation lets an admin make sensitive changes. */
export const STEP_UP_TTL_MS = 5 * 60 * 1000;

/** Where the currency a mode's flight provider priced its last search in is kept. */
export function flightCurrencySetting(mode: Mode): string {
  return `flight_currency_${mode}`;
}

export interface AdminService {
  getSettings(): Promise<AdminSettings>;
  /** Confirms the admin's password again; opens a short window for sensitive changes. */
  stepUp(auth: Authenticated, password: string): Promise<void>;
  updateSettings(auth: Authenticated, update: { enableLiveMode: boolean }): Promise<AdminSettings>;
  listBrands(): Promise<AdminBrand[]>;
  /** Needs a recent step-up: a new brand sets a markup, a currency, a domain and a Reply-To. */
  createBrand(auth: Authenticated, input: BrandInput): Promise<AdminBrand>;
  /** Needs a recent step-up when it changes the markup, currency, domain or contact e-mail. */
  updateBrand(auth: Authenticated, id: string, input: BrandInput): Promise<AdminBrand>;
  deleteBrand(auth: Authenticated, id: string): Promise<void>;
}

/** What an admin change writes. */
interface AdminWrites {
  settings: SettingsRepository;
  brands: BrandsRepository;
  audit: AuditRepository;
}

export interface AdminServiceDeps extends AdminWrites {
  sessions: SessionsRepository;
  /** Counts a brand's accounts: a brand in use cannot be deleted. */
  users: Pick<UsersRepository, 'countInBrand'>;
  /** Checks the admin's password, limiting wrong ones per session (a stolen session). */
  confirmPassword: PasswordConfirmation;
  /** The providers of each mode; the switch to live needs both of live mode's. */
  providers: Pick<ProviderRegistry, 'flights' | 'payments' | 'forgetMode'>;
  environment: AdminSettings['environment'];
  clock: () => Date;
  /**
   * Runs `work` on repositories bound to one transaction, so that a change and its audit record
   * are written together or not at all. Without it (fakes in tests) the plain repositories.
   */
  inTransaction?: <T>(work: (writes: AdminWrites) => Promise<T>) => Promise<T>;
}

function toAdminBrand(row: BrandRow): AdminBrand {
  return {
    ...toPublicBrand(row),
    id: row.id,
    markupPercent: Number(row.markupPercent),
    isDefault: row.domain === DEFAULT_BRAND_KEY,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function brandOf(input: BrandInput): Brand {
  return {
    name: input.name,
    domain: input.domain,
    logo: input.logo,
    theme: input.theme,
    contact: input.contact,
    social: input.social,
    currency: input.currency,
  };
}

function toRow(input: BrandInput) {
  return toBrandRow(brandOf(input), input.markupPercent.toFixed(2));
}

const inputValues = (input: BrandInput): BrandValues =>
  brandValues(brandOf(input), input.markupPercent);
const rowValues = (row: BrandRow): BrandValues =>
  brandValues(toPublicBrand(row), Number(row.markupPercent));

/** What a brand's audit record names: the brand, and its changed fields before and after. */
const brandTarget = (id: string, before: BrandValues | null, after: BrandValues) =>
  ({ targetType: 'brand', targetId: id, before, after }) satisfies Partial<AuditEntry>;

export function createAdminService(deps: AdminServiceDeps): AdminService {
  const { settings, sessions, users, brands, providers, environment, clock, confirmPassword } =
    deps;
  const inTransaction =
    deps.inTransaction ??
    (<T>(work: (writes: AdminWrites) => Promise<T>) =>
      work({ settings, brands, audit: deps.audit }));

  const record = (
    audit: AuditRepository,
    auth: Authenticated,
    action: string,
    details: Record<string, unknown>,
    target: Partial<AuditEntry> = {},
  ) =>
    audit.record({
      ...target,
      actorUserId: auth.user.id,
      actorUsername: auth.user.username,
      action,
      details,
      createdAt: clock(),
    });

  /** Whether the session confirmed the password again within the last five minutes. */
  const steppedUp = (auth: Authenticated) => {
    const at = auth.session.steppedUpAt;
    return at !== null && clock().getTime() - at.getTime() <= STEP_UP_TTL_MS;
  };

  const liveConfigured = () =>
    providers.flights('live') !== null && providers.payments('live') !== null;

  async function modeProviders(mode: Mode): Promise<ModeProviders> {
    const flights = providers.flights(mode);
    const payments = providers.payments(mode);
    const currency = flights?.pricesInAccountCurrency
      ? await settings.get(flightCurrencySetting(mode))
      : null;
    return {
      flights: flights === null ? null : flights.name === 'duffel' ? 'duffel' : 'sandbox',
      payments: payments === null ? null : payments.name === 'stripe' ? 'stripe' : 'sandbox',
      duffelApiConfigured: flights?.name === 'duffel',
      stripeConfigured: payments?.name === 'stripe',
      flightCurrency: typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : null,
    };
  }

  const getSettings = async (): Promise<AdminSettings> => {
    const test = await modeProviders('test');
    const live = await modeProviders('live');
    return {
      enableLiveMode: (await settings.get(LIVE_MODE_SETTING)) === true,
      environment,
      // The two top-level flags: live mode's providers, which the switch needs.
      duffelApiConfigured: providers.flights('live') !== null,
      stripeConfigured: providers.payments('live') !== null,
      modes: { test, live },
    };
  };

  return {
    getSettings,

    async stepUp(auth, password) {
      if (!(await confirmPassword(auth, password))) {
        throw adminErrors.invalidPassword();
      }
      await sessions.markSteppedUp(auth.session.idHash, clock());
    },

    async updateSettings(auth, { enableLiveMode }) {
      if (!steppedUp(auth)) throw adminErrors.stepUpRequired();
      if (enableLiveMode && !liveConfigured()) {
        throw adminErrors.liveProviderMissing();
      }
      const before = await getSettings();
      if (before.enableLiveMode !== enableLiveMode) {
        await inTransaction(async (tx) => {
          await tx.settings.set(LIVE_MODE_SETTING, enableLiveMode);
          await record(tx.audit, auth, 'system.mode_changed', {
            from: before.enableLiveMode ? 'live' : 'test',
            to: enableLiveMode ? 'live' : 'test',
          });
        });
        // This process searches in the new mode at once; the others within seconds.
        providers.forgetMode();
      }
      return getSettings();
    },

    async listBrands() {
      return (await brands.list()).map(toAdminBrand);
    },

    async createBrand(auth, input) {
      // A new brand sets a markup, a currency, a host name and a Reply-To address at once.
      if (!steppedUp(auth))
        throw adminErrors.stepUpRequired(adminMessages.brandCreateStepUpRequired);
      if (input.domain === DEFAULT_BRAND_KEY) throw adminErrors.domainTaken();
      const row = await inTransaction(async (tx) => {
        const inserted = await tx.brands.insert(toRow(input));
        if (!inserted) throw adminErrors.domainTaken();
        await record(
          tx.audit,
          auth,
          'brand.created',
          { brandId: inserted.id, domain: inserted.domain, steppedUp: true },
          brandTarget(inserted.id, null, rowValues(inserted)),
        );
        return inserted;
      });
      return toAdminBrand(row);
    },

    async updateBrand(auth, id, input) {
      const updated = await inTransaction(async (tx) => {
        // Read under lock: whether the change needs the password, and the audit's "before", are
        // decided on the row this update replaces, not on one a concurrent save replaced since.
        const existing = await tx.brands.findByIdForUpdate(id);
        if (!existing) throw adminErrors.brandNotFound();
        const isDefault = existing.domain === DEFAULT_BRAND_KEY;
        if (isDefault !== (input.domain === DEFAULT_BRAND_KEY)) {
          throw badRequest(adminMessages.defaultDomainFixed, {
            domain: adminMessages.defaultDomainFixed,
          });
        }
        const change = brandChange(rowValues(existing), inputValues(input));
        const confirmed = steppedUp(auth);
        if (change.needsStepUp && !confirmed) {
          throw adminErrors.stepUpRequired(adminMessages.brandStepUpRequired);
        }
        const row = await tx.brands.update(id, toRow(input));
        if (row === 'conflict') throw adminErrors.domainTaken();
        if (!row) throw adminErrors.brandNotFound();
        await record(
          tx.audit,
          auth,
          'brand.updated',
          { brandId: id, domain: row.domain, steppedUp: confirmed },
          brandTarget(id, change.before, change.after),
        );
        return row;
      });
      return toAdminBrand(updated);
    },

    async deleteBrand(auth, id) {
      const existing = await brands.findById(id);
      if (!existing) throw adminErrors.brandNotFound();
      if (existing.domain === DEFAULT_BRAND_KEY) throw adminErrors.defaultBrandProtected();
      if ((await users.countInBrand(id)) > 0) throw adminErrors.brandInUse();
      await inTransaction(async (tx) => {
        try {
          await tx.brands.delete(id);
        } catch (error) {
          // Rows added since the check (bookings, enquiries) still hold the brand.
          throw Object.assign(adminErrors.brandInUse(), {
            cause: error,
          });
        }
        await record(tx.audit, auth, 'brand.deleted', { brandId: id, domain: existing.domain });
      });
    },
  };
}
