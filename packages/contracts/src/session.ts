import { z } from 'zod';

// The signed-in user and signing out. This module ships in the web app's entry chunk (every page
// asks who is signed in), so it holds only these; the rest of signing in is in auth.ts.

/** The signed-in user (`GET /api/auth/user`, and the answer of login). */
export const currentUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  /**
   * May open the back office (`/admin`): a platform admin, or staff of this brand. Only for the
   * link to it: the back office's routes check the role themselves. Absent (a page rendered
   * before the field existed): no link.
   */
  backOffice: z.boolean().default(false),
  createdAt: z.iso.datetime(),
  /**
   * The owner confirmed the address (decision 022): until then the account sees only the bookings
   * it made itself. Absent (a page rendered before the field existed): not confirmed.
   */
  emailVerified: z.boolean().default(false),
  /** True while the user signs in with a generated, temporary password that must be replaced. */
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true) });
