import { z } from 'zod';

export const fieldMessages = {
  emailInvalid: 'Please enter a valid email address',
} as const;

export const emailSchema = z
  .string()
  .trim()
  .max(254, fieldMessages.emailInvalid)
  .pipe(z.email(fieldMessages.emailInvalid));
