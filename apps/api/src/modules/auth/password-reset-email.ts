import { createElement } from 'react';
import type { Brand } from '@contrail/contracts/brands';
import { RESET_LINK_VALID_MINUTES } from '@contrail/contracts/password-reset';
import { PasswordResetEmail, type RenderedEmail, renderEmail } from '../email';

/** The e-mail with a password-reset link, in the brand's name and colours. */
export async function renderPasswordResetEmail({
  brand,
  firstName,
  username,
  resetUrl,
}: {
  brand: Brand;
  firstName: string;
  username: string;
  resetUrl: string;
}): Promise<RenderedEmail & { subject: string }> {
  const rendered = await renderEmail(
    createElement(PasswordResetEmail, {
      brand,
      firstName,
      username,
      resetUrl,
      validMinutes: RESET_LINK_VALID_MINUTES,
    }),
  );
  return { subject: `Reset your ${brand.name} password`, ...rendered };
}
