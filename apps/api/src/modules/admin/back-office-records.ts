/**
 * What the back office reads, area by area: its own records (`back-office.repository.ts`) and
 * those of the modules that keep the bookings, brands, accounts, messages, subscribers and mail,
 * each given to it as the narrow reading it needs. Here they are put together into the records
 * the desks show: each with its brand, a message with its replies, a grant with its account.
 */
import type { PaymentState } from '@contrail/contracts/back-office-bookings';
import type { StaffAccountsRepository } from '../auth';
import type {
  BookingDeskRepository,
  BookingFiguresRepository,
  BookingListRow,
  BookingRow,
} from '../bookings';
import type { BrandRef, BrandRefsRepository } from '../brands';
import type { EnquiryRow, InboxRepository, NewsletterRepository, SubscriberRow } from '../content';
import type { OutboxRecordsRepository } from '../email';
import type { PaymentsRepository } from '../payments';
import type { BackOfficeRepository, EnquiryReply, StaffGrant } from './back-office.repository';

/** The readings (and writes) the back office works on, each bound to one database or transaction. */
export interface BackOfficeAreas {
  /** The back office's own: staff, notes and timelines, replies, the audit log. */
  repository: BackOfficeRepository;
  brands: BrandRefsRepository;
  accounts: StaffAccountsRepository;
  bookingDesk: BookingDeskRepository;
  figures: BookingFiguresRepository;
  emails: OutboxRecordsRepository;
  inbox: InboxRepository;
  newsletter: NewsletterRepository;
}

export interface BookingRecord {
  row: BookingRow;
  brand: BrandRef;
  paymentState: PaymentState;
  authorizationStatus: string | null;
  /** What the processor's events recorded on the claimed payment: refunds and a dispute. */
  processorRecord: {
    refundedMinor: number;
    disputeId: string | null;
    disputeStatus: string | null;
    disputeAmountMinor: number | null;
    disputeReason: string | null;
    disputeEvidenceDueBy: Date | null;
  } | null;
}

export type EnquiryRecord = EnquiryRow & { brand: BrandRef; replies: EnquiryReply[] };

export type SubscriberRecord = SubscriberRow & { brand: BrandRef };

export interface StaffRecord {
  userId: string;
  username: string;
  email: string;
  brand: BrandRef;
  grantedBy: string;
  grantedAt: Date;
}

/**
 * Each row with its brand (a row whose brand is gone is left out), in the rows' order or by the
 * brand's name (the rows' order kept within one brand).
 */
async function branded<T>(
  brands: BrandRefsRepository,
  rows: T[],
  brandIdOf: (row: T) => string,
  order: 'as-read' | 'by-brand-name' = 'as-read',
): Promise<{ row: T; brand: BrandRef }[]> {
  const wanted = [...new Set(rows.map(brandIdOf))];
  // By name: a brand's place in the list is its rank.
  const found = wanted.length === 0 ? [] : await brands.list(wanted);
  const byId = new Map(found.map((brand, rank) => [brand.id, { brand, rank }]));
  const withBrand = rows.flatMap((row) => {
    const known = byId.get(brandIdOf(row));
    return known ? [{ row, ...known }] : [];
  });
  if (order === 'by-brand-name') withBrand.sort((a, b) => a.rank - b.rank);
  return withBrand.map(({ row, brand }) => ({ row, brand }));
}

/** The listed bookings with their brand. */
export async function bookingRowsOf(
  areas: Pick<BackOfficeAreas, 'brands'>,
  rows: BookingListRow[],
): Promise<(BookingListRow & { brand: BrandRef })[]> {
  return (await branded(areas.brands, rows, (row) => row.row.brandId)).map(({ row, brand }) => ({
    ...row,
    brand,
  }));
}

/** The booking with its brand and the payment it claimed (one another booking used is not its). */
export async function findBookingRecord(
  areas: Pick<BackOfficeAreas, 'brands' | 'bookingDesk'>,
  payments: Pick<PaymentsRepository, 'find'>,
  id: string,
): Promise<BookingRecord | undefined> {
  const found = await areas.bookingDesk.find(id);
  if (!found) return undefined;
  const { row, paymentState } = found;
  const [brand] = await branded(areas.brands, [row], (booking) => booking.brandId);
  if (!brand) return undefined;
  const payment = row.paymentId ? await payments.find(row.paymentId) : undefined;
  const claimed = payment?.bookingId === row.id ? payment : undefined;
  return {
    row,
    brand: brand.brand,
    paymentState,
    authorizationStatus: claimed?.status ?? null,
    processorRecord: claimed
      ? {
          refundedMinor: claimed.refundedMinor,
          disputeId: claimed.disputeId,
          disputeStatus: claimed.disputeStatus,
          disputeAmountMinor: claimed.disputeAmountMinor,
          disputeReason: claimed.disputeReason,
          disputeEvidenceDueBy: claimed.disputeEvidenceDueBy,
        }
      : null,
  };
}

/** The messages with their brand and replies. */
export async function enquiryRecordsOf(
  areas: Pick<BackOfficeAreas, 'brands' | 'repository'>,
  rows: EnquiryRow[],
): Promise<EnquiryRecord[]> {
  const withBrand = await branded(areas.brands, rows, (row) => row.brandId);
  const replies = await areas.repository.repliesOf(withBrand.map(({ row }) => row.id));
  return withBrand.map(({ row, brand }) => ({ ...row, brand, replies: replies.get(row.id) ?? [] }));
}

/** The subscribers with their brand. */
export async function subscriberRecordsOf(
  areas: Pick<BackOfficeAreas, 'brands'>,
  rows: SubscriberRow[],
  order: 'as-read' | 'by-brand-name' = 'as-read',
): Promise<SubscriberRecord[]> {
  return (await branded(areas.brands, rows, (row) => row.brandId, order)).map(({ row, brand }) => ({
    ...row,
    brand,
  }));
}

/** The grants with their account and brand, by brand name and then username. */
export async function staffRecordsOf(
  areas: Pick<BackOfficeAreas, 'brands' | 'accounts'>,
  grants: StaffGrant[],
): Promise<StaffRecord[]> {
  const grantOf = new Map(grants.map((grant) => [grant.userId, grant]));
  const accounts = await areas.accounts.accountsOf([...grantOf.keys()]);
  const rows = accounts.flatMap((account) => {
    const grant = grantOf.get(account.id);
    return grant ? [{ account, grant }] : [];
  });
  return (await branded(areas.brands, rows, ({ grant }) => grant.brandId, 'by-brand-name')).map(
    ({ row: { account, grant }, brand }) => ({
      userId: grant.userId,
      username: account.username,
      email: account.email,
      brand,
      grantedBy: grant.grantedBy,
      grantedAt: grant.grantedAt,
    }),
  );
}
