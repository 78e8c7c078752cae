/** The back office's audit log and its brand staff, granted and revoked by a platform admin. */
import type {
  AdminAuditEntry,
  AdminStaffMember,
  BackOfficeBrand,
} from '@contrail/contracts/back-office';
import { backOfficeErrors } from './admin.errors';
import { toAuditEntry } from './back-office.views';
import { staffRecordsOf } from './back-office-records';
import type {
  BackOfficeActor,
  BackOfficeGuards,
  BackOfficeServiceDeps,
  Paged,
} from './back-office-access';

export interface StaffDesk {
  audit(
    actor: BackOfficeActor,
    brand: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<Paged<AdminAuditEntry>>;
  listStaff(actor: BackOfficeActor): Promise<AdminStaffMember[]>;
  grantStaff(actor: BackOfficeActor, username: string, brandId: string): Promise<AdminStaffMember>;
  revokeStaff(actor: BackOfficeActor, userId: string): Promise<void>;
}

export function createStaffDesk(deps: BackOfficeServiceDeps, guards: BackOfficeGuards): StaffDesk {
  const { repository, accounts, clock } = deps;

  const staffRecord = async (userId: string) => {
    const grant = await repository.findStaff(userId);
    const [record] = grant ? await staffRecordsOf(deps, [grant]) : [];
    return record;
  };
  const { narrowed, requirePlatformAdmin, requireSteppedUp, audit } = guards;

  return {
    async audit(actor, brand, page, pageSize) {
      const scope = narrowed(actor, brand);
      const { rows, total } = await repository.listAudit(scope, page, pageSize);
      return { items: rows.map(toAuditEntry), total, page, pageSize };
    },

    async listStaff(actor) {
      requirePlatformAdmin(actor);
      return (await staffRecordsOf(deps, await repository.listStaff())).map(toStaffMember);
    },

    async grantStaff(actor, username, brandId) {
      requirePlatformAdmin(actor);
      requireSteppedUp(actor);
      const user = await accounts.findBrandUser(brandId, username);
      if (!user) {
        throw backOfficeErrors.userNotFound();
      }
      if (user.isAdmin) throw backOfficeErrors.alreadyAdmin();
      const existing = await staffRecord(user.id);
      if (existing) return toStaffMember(existing);
      await deps.inTransaction(async (tx) => {
        await tx.repository.grantStaff(user.id, brandId, actor.auth.user.username, clock());
        await audit(
          actor,
          {
            action: 'staff.granted',
            brandId,
            targetType: 'user',
            targetId: user.id,
            before: { role: null },
            after: { role: 'brand_staff', username: user.username },
          },
          tx.repository,
        );
      });
      const granted = await staffRecord(user.id);
      if (!granted) throw new Error('staff grant not written');
      return toStaffMember(granted);
    },

    async revokeStaff(actor, userId) {
      requirePlatformAdmin(actor);
      requireSteppedUp(actor);
      const existing = await staffRecord(userId);
      if (!existing) return;
      await deps.inTransaction(async (tx) => {
        if (!(await tx.repository.revokeStaff(userId))) return;
        await audit(
          actor,
          {
            action: 'staff.revoked',
            brandId: existing.brand.id,
            targetType: 'user',
            targetId: userId,
            before: { role: 'brand_staff', username: existing.username },
            after: { role: null },
          },
          tx.repository,
        );
      });
    },
  };
}

function toStaffMember(record: {
  userId: string;
  username: string;
  email: string;
  brand: BackOfficeBrand;
  grantedBy: string;
  grantedAt: Date;
}): AdminStaffMember {
  return {
    userId: record.userId,
    username: record.username,
    email: record.email,
    brand: record.brand,
    grantedBy: record.grantedBy,
    grantedAt: record.grantedAt.toISOString(),
  };
}
