import { and, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authThrottle,
  emailVerifications,
  passwordResetTokens,
  sessions,
  users,
  type SessionRow,
  type UserRow,
} from './auth.table';

interface NewUser {
  brandId: string | null;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isAdmin?: boolean;
  passwordTemporary?: boolean;
  emailVerifiedAt?: Date | null;
}

export interface UsersRepository {
  /** The brand's user with this username, else a platform admin with it (case-insensitive). */
  findForSignIn(brandId: string, username: string): Promise<UserRow | undefined>;
  findById(id: string): Promise<UserRow | undefined>;
  usernameTaken(brandId: string | null, username: string): Promise<boolean>;
  findByEmail(brandId: string, email: string): Promise<UserRow | undefined>;
  /** Inserts the user; resolves undefined when the username is already taken (unique index). */
  insert(user: NewUser): Promise<UserRow | undefined>;
  updatePassword(id: string, passwordHash: string, temporary: boolean): Promise<void>;
  /**
   * A password change: the new password, every other session of the user ended and the kept
   * one no longer asked for a change, all in one transaction, so that a dropped connection never
   * leaves a new password with the old sessions still signed in.
   */
  changePassword(id: string, passwordHash: string, keepSessionIdHash: string): Promise<void>;
  /** How many accounts belong to the brand (a brand in use cannot be deleted). */
  countInBrand(brandId: string): Promise<number>;
}

export function createUsersRepository(db: Database): UsersRepository {
  const sameUsername = (username: string) => sql`lower(${users.username}) = lower(${username})`;
  return {
    async findForSignIn(brandId, username) {
      const rows = await db
        .select()
        .from(users)
        .where(and(sameUsername(username), or(eq(users.brandId, brandId), isNull(users.brandId))))
        .orderBy(sql`${users.brandId} nulls last`)
        .limit(1);
      return rows[0];
    },
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async usernameTaken(brandId, username) {
      const scope =
        brandId === null
          ? isNull(users.brandId)
          : or(eq(users.brandId, brandId), isNull(users.brandId));
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sameUsername(username), scope))
        .limit(1);
      return rows.length > 0;
    },
    async findByEmail(brandId, email) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.brandId, brandId), sql`lower(${users.email}) = lower(${email})`))
        .limit(1);
      return row;
    },
    async insert(user) {
      const rows = await db.insert(users).values(user).onConflictDoNothing().returning();
      return rows[0];
    },
    async updatePassword(id, passwordHash, temporary) {
      await db
        .update(users)
        .set({ passwordHash, passwordTemporary: temporary, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },
    async changePassword(id, passwordHash, keepSessionIdHash) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, passwordTemporary: false, updatedAt: sql`now()` })
          .where(eq(users.id, id));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, id), ne(sessions.idHash, keepSessionIdHash)));
        await tx
          .update(sessions)
          .set({ requiresPasswordChange: false })
          .where(eq(sessions.idHash, keepSessionIdHash));
      });
    },
    async countInBrand(brandId) {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.brandId, brandId));
      return row?.n ?? 0;
    },
  };
}

export interface SessionsRepository {
  insert(session: typeof sessions.$inferInsert): Promise<void>;
  /** The live session with this id hash and its user. */
  findLive(idHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined>;
  extend(idHash: string, expiresAt: Date): Promise<void>;
  delete(idHash: string): Promise<void>;
  markSteppedUp(idHash: string, at: Date): Promise<void>;
  deleteExpired(now: Date): Promise<void>;
}

export function createSessionsRepository(db: Database): SessionsRepository {
  return {
    async insert(session) {
      await db.insert(sessions).values(session);
    },
    async findLive(idHash, now) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), sql`${sessions.expiresAt} > ${now.toISOString()}`));
      return row;
    },
    async extend(idHash, expiresAt) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
    },
    async delete(idHash) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    async markSteppedUp(idHash, at) {
      await db.update(sessions).set({ steppedUpAt: at }).where(eq(sessions.idHash, idHash));
    },
    async deleteExpired(now) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export interface ThrottleRepository {
  /**
   * Counts one attempt against the key in a fixed window and answers the count and the window's
   * start, atomically (several processes share the counters).
   */
  hit(key: string, now: Date, windowMs: number): Promise<{ attempts: number; windowStart: Date }>;
  /** Takes one attempt back (a success should not count against a shared address). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Takes the key's next turn if at least `gapMs` passed since the last one taken, atomically
   * (racing processes get one turn between them). Answers null when taken, else when the last
   * turn was.
   */
  takeTurn(key: string, now: Date, gapMs: number): Promise<Date | null>;
}

export function createThrottleRepository(db: Database): ThrottleRepository {
  return {
    async hit(key, now, windowMs) {
      const windowOpen = new Date(now.getTime() - windowMs).toISOString();
      const at = now.toISOString();
      const [row] = await db
        .insert(authThrottle)
        .values({ key, windowStart: now, attempts: 1 })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            attempts: sql`case when ${authThrottle.windowStart} <= ${windowOpen}::timestamptz then 1 else ${authThrottle.attempts} + 1 end`,
            windowStart: sql`case when ${authThrottle.windowStart} <= ${windowOpen}::timestamptz then ${at}::timestamptz else ${authThrottle.windowStart} end`,
          },
        })
        .returning({ attempts: authThrottle.attempts, windowStart: authThrottle.windowStart });
      if (!row) throw new Error('throttle upsert returned nothing');
      return row;
    },
    async release(key) {
      await db
        .update(authThrottle)
        .set({ attempts: sql`greatest(${authThrottle.attempts} - 1, 0)` })
        .where(eq(authThrottle.key, key));
    },
    async reset(key) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
    async takeTurn(key, now, gapMs) {
      const cutoff = new Date(now.getTime() - gapMs).toISOString();
      const taken = await db
        .insert(authThrottle)
        .values({ key, windowStart: now, attempts: 0 })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: { windowStart: now },
          setWhere: sql`${authThrottle.windowStart} <= ${cutoff}::timestamptz`,
        })
        .returning({ key: authThrottle.key });
      if (taken.length > 0) return null;
      const [last] = await db
        .select({ at: authThrottle.windowStart })
        .from(authThrottle)
        .where(eq(authThrottle.key, key));
      return last?.at ?? now;
    },
  };
}

export interface PasswordResetsRepository {
  insert(token: typeof passwordResetTokens.$inferInsert): Promise<void>;
  /** The user of an unused, unexpired token. */
  findLive(tokenHash: string, now: Date): Promise<UserRow | undefined>;
  /**
   * Uses the link: the new password, every session of its user ended and every other link of
   * theirs dropped, in one transaction. The link reached the account's address, so the address is
   * confirmed too. False when the link was used (or expired) already, even a moment ago: of two
   * racing uses exactly one gets through.
   */
  redeem(tokenHash: string, now: Date, passwordHash: string): Promise<boolean>;
  deleteExpired(now: Date): Promise<void>;
}

export function createPasswordResetsRepository(db: Database): PasswordResetsRepository {
  const live = (tokenHash: string, now: Date) =>
    and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, now),
    );
  return {
    async insert(token) {
      await db.insert(passwordResetTokens).values(token);
    },
    async findLive(tokenHash, now) {
      const [row] = await db
        .select({ user: users })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(live(tokenHash, now));
      return row?.user;
    },
    redeem(tokenHash, now, passwordHash) {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(live(tokenHash, now))
          .returning({ userId: passwordResetTokens.userId });
        if (!used) return false;
        await tx
          .update(users)
          .set({
            passwordHash,
            passwordTemporary: false,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, used.userId));
        await tx.delete(sessions).where(eq(sessions.userId, used.userId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, used.userId));
        return true;
      });
    },
    async deleteExpired(now) {
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
    },
  };
}

export interface EmailVerificationsRepository {
  insert(link: typeof emailVerifications.$inferInsert): Promise<void>;
  /** The account and address of an unused, unexpired link. */
  findLive(tokenHash: string, now: Date): Promise<{ userId: string; email: string } | undefined>;
  /**
   * Uses the link of `userId` and confirms the address it was sent to, if the account still has
   * it, in one transaction; the account's other links are dropped. False when the link was used or
   * expired already (of two racing uses one gets through) or the account's address is another now.
   */
  redeem(tokenHash: string, userId: string, now: Date): Promise<boolean>;
  deleteExpired(now: Date): Promise<void>;
}

export function createEmailVerificationsRepository(db: Database): EmailVerificationsRepository {
  const live = (tokenHash: string, now: Date) =>
    and(
      eq(emailVerifications.tokenHash, tokenHash),
      isNull(emailVerifications.usedAt),
      gt(emailVerifications.expiresAt, now),
    );
  return {
    async insert(link) {
      await db.insert(emailVerifications).values(link);
    },
    async findLive(tokenHash, now) {
      const [row] = await db
        .select({ userId: emailVerifications.userId, email: emailVerifications.email })
        .from(emailVerifications)
        .where(live(tokenHash, now));
      return row;
    },
    redeem(tokenHash, userId, now) {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(and(live(tokenHash, now), eq(emailVerifications.userId, userId)))
          .returning({ email: emailVerifications.email });
        if (!used) return false;
        const confirmed = await tx
          .update(users)
          .set({
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${used.email})`))
          .returning({ id: users.id });
        if (confirmed.length === 0) return false;
        await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
        return true;
      });
    },
    async deleteExpired(now) {
      await db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, now));
    },
  };
}
