import {
  adminAuditListSchema,
  adminDashboardSchema,
  adminEmailSchema,
  adminEnquiryListSchema,
  adminEnquirySchema,
  adminOutboxListSchema,
  adminStaffListSchema,
  adminStaffMemberSchema,
  adminSubscriberListSchema,
  adminSubscriberSchema,
  backOfficeAccessSchema,
} from '@contrail/contracts/back-office';
import {
  adminActionResponseSchema,
  adminBookingDetailSchema,
  adminBookingListSchema,
  adminCancelQuoteSchema,
} from '@contrail/contracts/back-office-bookings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../../lib/api-client';
import {
  toQueryString,
  type AuditSearch,
  type BookingsSearch,
  type EnquiriesSearch,
  type NewsletterSearch,
  type OutboxSearch,
} from '../lib/back-office-search';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys';

/** A list's search as the page asks for it: the page size is the page's choice. */
interface Sized {
  pageSize?: number;
}

/** Each action sends a fresh key: a retry of the same click (a lost answer) is done once. */
const idempotent = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export function backOfficeAccessQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.access(),
    queryFn: () => apiRequest('/api/admin/me', backOfficeAccessSchema),
    staleTime: 30_000,
  });
}
export const useBackOfficeAccess = () => useQuery(backOfficeAccessQueryOptions());

function dashboardQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: () => apiRequest('/api/admin/dashboard', adminDashboardSchema),
    staleTime: ADMIN_STALE_TIME,
  });
}
export const useDashboard = () => useQuery(dashboardQueryOptions());

function bookingsQueryOptions(search: BookingsSearch & Sized) {
  return queryOptions({
    queryKey: adminKeys.bookingList(search),
    queryFn: () =>
      apiRequest(`/api/admin/bookings${toQueryString(search)}`, adminBookingListSchema),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: (previous) => previous,
  });
}
export const useAdminBookings = (search: BookingsSearch & Sized) =>
  useQuery(bookingsQueryOptions(search));

function bookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.booking(id),
    queryFn: () =>
      apiRequest(`/api/admin/bookings/${encodeURIComponent(id)}`, adminBookingDetailSchema),
    staleTime: ADMIN_STALE_TIME,
  });
}
export const useAdminBooking = (id: string) => useQuery(bookingQueryOptions(id));

export function cancelQuoteQueryOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...adminKeys.booking(id), 'cancel-quote'] as const,
    queryFn: () =>
      apiRequest(
        `/api/admin/bookings/${encodeURIComponent(id)}/cancel-quote`,
        adminCancelQuoteSchema,
      ),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export type BookingAction = 'resend-email' | 'cancel' | 'void' | 'reconcile';

/** `POST /api/admin/login`: the password again, for a cancellation with refund. */
function confirmPassword(password: string) {
  return apiSend('/api/admin/login', { method: 'POST', body: { password } });
}

/** One of a booking's actions; the answer is the booking after it, which replaces the cached one. */
export function useBookingAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      password,
      quoteId,
    }: {
      action: BookingAction;
      password?: string;
      /** For a cancellation: the airline's quote shown, the one confirmed. */
      quoteId?: string;
    }) => {
      if (password !== undefined) await confirmPassword(password);
      return apiRequest(
        `/api/admin/bookings/${encodeURIComponent(id)}/${action}`,
        adminActionResponseSchema,
        {
          method: 'POST',
          headers: idempotent(),
          ...(quoteId === undefined ? {} : { body: { quoteId } }),
        },
      );
    },
    onSuccess: (result) => {
      queryClient.setQueryData(adminKeys.booking(id), result.booking);
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.bookings(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.access() });
    },
  });
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest(`/api/admin/bookings/${encodeURIComponent(id)}/notes`, adminActionResponseSchema, {
        method: 'POST',
        body: { body },
        headers: idempotent(),
      }),
    onSuccess: (result) => queryClient.setQueryData(adminKeys.booking(id), result.booking),
  });
}

function enquiriesQueryOptions(search: EnquiriesSearch & Sized) {
  return queryOptions({
    queryKey: adminKeys.enquiries(search),
    queryFn: () =>
      apiRequest(`/api/admin/enquiries${toQueryString(search)}`, adminEnquiryListSchema),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: (previous) => previous,
  });
}
export const useEnquiries = (search: EnquiriesSearch & Sized) =>
  useQuery(enquiriesQueryOptions(search));

export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      apiRequest(`/api/admin/enquiries/${encodeURIComponent(id)}/reply`, adminEnquirySchema, {
        method: 'POST',
        body: { message },
        headers: idempotent(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'enquiries'] }),
  });
}

function newsletterQueryOptions(search: NewsletterSearch & Sized) {
  return queryOptions({
    queryKey: adminKeys.newsletter(search),
    queryFn: () =>
      apiRequest(`/api/admin/newsletter${toQueryString(search)}`, adminSubscriberListSchema),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: (previous) => previous,
  });
}
export const useNewsletter = (search: NewsletterSearch & Sized) =>
  useQuery(newsletterQueryOptions(search));

/** Where the CSV export of the subscribers (of one brand, or every brand one may see) is. */
export function newsletterCsvUrl(brandId: string | undefined): string {
  return `/api/admin/newsletter.csv${toQueryString({ brandId })}`;
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(
        `/api/admin/newsletter/${encodeURIComponent(id)}/unsubscribe`,
        adminSubscriberSchema,
        { method: 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'newsletter'] }),
  });
}

function outboxQueryOptions(search: OutboxSearch & Sized) {
  return queryOptions({
    queryKey: adminKeys.outbox(search),
    queryFn: () => apiRequest(`/api/admin/outbox${toQueryString(search)}`, adminOutboxListSchema),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: (previous) => previous,
  });
}
export const useOutbox = (search: OutboxSearch & Sized) => useQuery(outboxQueryOptions(search));

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/outbox/${encodeURIComponent(id)}/resend`, adminEmailSchema, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'outbox'] }),
  });
}

function auditQueryOptions(search: AuditSearch & Sized) {
  return queryOptions({
    queryKey: adminKeys.audit(search),
    queryFn: () => apiRequest(`/api/admin/audit${toQueryString(search)}`, adminAuditListSchema),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: (previous) => previous,
  });
}
export const useAudit = (search: AuditSearch & Sized) => useQuery(auditQueryOptions(search));

function staffQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.staff(),
    queryFn: () => apiRequest('/api/admin/staff', adminStaffListSchema),
    staleTime: ADMIN_STALE_TIME,
  });
}
export const useStaff = () => useQuery(staffQueryOptions());

export function useGrantStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { username: string; brandId: string; password: string }) => {
      await confirmPassword(input.password);
      return apiRequest('/api/admin/staff', adminStaffMemberSchema, {
        method: 'POST',
        body: { username: input.username, brandId: input.brandId },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}

export function useRevokeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, password }: { userId: string; password: string }) => {
      await confirmPassword(password);
      await apiSend(`/api/admin/staff/${encodeURIComponent(userId)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
