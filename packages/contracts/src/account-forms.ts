import { z } from 'zod';
import { PASSWORD_MAX, authMessages } from './auth';
import { COMMON_PASSWORDS } from './common-passwords';
import { emailSchema } from './fields';
import { resetTokenSchema } from './password-reset';

// Registration and password rules: kept apart from ./auth because the common-password list is
// only needed by the forms that set a password.

const COMMON = new Set(COMMON_PASSWORDS);
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export const usernameSchema = z
  .string()
  .trim()
  .min(3, authMessages.usernameMin)
  .max(50, authMessages.usernameMax)
  .regex(/^[A-Za-z0-9._-]+$/, authMessages.usernameCharacters);

/** Registration: at least 8 characters and not one of the most common passwords. */
export const registrationPasswordSchema = z
  .string()
  .min(8, authMessages.registerPasswordMin)
  .max(PASSWORD_MAX, authMessages.passwordMax)
  .refine((value) => !isCommonPassword(value), authMessages.passwordCommon);

/**
 * Changing a password: at least 12 characters with an uppercase letter, a lowercase letter, a
 * digit and a special character.
 */
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

/** `POST /api/auth/reset-password`: the link's token and the new password (registration rule). */
export const resetPasswordRequestSchema = z.object({
  token: resetTokenSchema,
  password: registrationPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({
    password: registrationPasswordSchema,
    confirmPassword: z.string().min(1, authMessages.confirmPasswordRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
