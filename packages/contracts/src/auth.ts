import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';

export const authMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username cannot exceed 50 characters',
  usernameCharacters: 'Username can only contain letters, numbers, dots, hyphens and underscores',
  emailInvalid: 'Please enter a valid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  registerPasswordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password cannot exceed 128 characters',
  passwordCommon: 'This password is too common. Please choose a less common password',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  changePasswordMin: 'Password must be at least 12 characters',
  changePasswordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  confirmPasswordRequired: 'Please confirm your new password',
  newPasswordSameAsCurrent: 'New password must be different from the current password',
  invalidCredentials: 'Invalid username or password',
  currentPasswordIncorrect: 'Current password is incorrect',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email address already exists',
  notAuthenticated: 'Not authenticated',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  passwordUpdated: 'Password updated successfully',
  passwordChangeRequired: 'Please set a new password to continue',
} as const;

const COMMON = new Set(COMMON_PASSWORDS);
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

// Over-long passwords would only make hashing slow; 128 is far beyond any passphrase.
const PASSWORD_MAX = 128;

export const usernameSchema = z
  .string()
  .trim()
  .min(3, authMessages.usernameMin)
  .max(50, authMessages.usernameMax)
  .regex(/^[A-Za-z0-9._-]+$/, authMessages.usernameCharacters);

export const emailSchema = z
  .string()
  .trim()
  .max(254, authMessages.emailInvalid)
  .pipe(z.email(authMessages.emailInvalid));

/** PRODUCT.md §9: at least 8 characters and not one of the most common passwords. */
export const registrationPasswordSchema = z
  .string()
  .min(8, authMessages.registerPasswordMin)
  .max(PASSWORD_MAX, authMessages.passwordMax)
  .refine((value) => !isCommonPassword(value), authMessages.passwordCommon);

/** The change-password rule of spec 001 §5. */
export const newPasswordSchema = z
  .string()
  .min(12, authMessages.changePasswordMin)
  .max(PASSWORD_MAX, authMessages.passwordMax)
  .refine(
    (value) =>
      /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value),
    authMessages.changePasswordComplexity,
  )
  .refine((value) => !isCommonPassword(value), authMessages.passwordCommon);

export const loginRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, authMessages.usernameRequired)
    .max(254, authMessages.usernameRequired),
  password: z
    .string()
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX, authMessages.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  firstName: z.string().trim().min(1, authMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, authMessages.lastNameRequired).max(100),
  password: registrationPasswordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register form: the request plus the confirmation and the terms box (not enforced). */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string(), acceptTerms: z.boolean().optional() })
  .refine((form) => form.password === form.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, authMessages.currentPasswordRequired).max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
  })
  .refine((body) => body.currentPassword !== body.newPassword, {
    message: authMessages.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, authMessages.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, authMessages.confirmPasswordRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  })
  .refine((form) => form.currentPassword !== form.newPassword, {
    message: authMessages.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The signed-in user (`GET /api/auth/user`, and the answer of login and register). */
export const currentUserSchema = z.object({
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.iso.datetime(),
  /** True while the user signs in with a generated, temporary password that must be replaced. */
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export const logoutResponseSchema = z.object({ success: z.literal(true) });
