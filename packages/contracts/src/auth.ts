import { z } from 'zod';

/** The signed-in user as the header reads it (`GET /api/auth/user`). */
export const currentUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
