import type { Brand } from '@contrail/contracts/brands';
import { Heading, Link, Section, Text } from '@react-email/components';
import { EmailButton, EmailLayout, heading, paragraph } from './email-layout';

export interface PasswordResetEmailProps {
  brand: Brand;
  firstName: string;
  username: string;
  /** `/reset-password?token=…` on the brand's site. */
  resetUrl: string;
  validMinutes: number;
}

export function PasswordResetEmail({
  brand,
  firstName,
  username,
  resetUrl,
  validMinutes,
}: PasswordResetEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`Set a new password for your ${brand.name} account`}>
      <Heading as="h1" style={heading}>
        Reset your password
      </Heading>
      <Text style={paragraph}>{`Hello ${firstName},`}</Text>
      <Text style={paragraph}>
        {`Someone asked to reset the password of your ${brand.name} account (username `}
        <strong>{username}</strong>
        {'). Choose a new password with the button below.'}
      </Text>
      <Section style={{ padding: '4px 0 12px' }}>
        <EmailButton brand={brand} href={resetUrl}>
          Set a new password
        </EmailButton>
      </Section>
      <Text style={paragraph}>
        {`The link works once and expires in ${String(validMinutes)} minutes. Setting a new password signs you out everywhere.`}
      </Text>
      <Text style={paragraph}>
        {'Or open '}
        <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
      <Text style={paragraph}>
        If you did not ask for this, ignore this e-mail: your password stays as it is.
      </Text>
    </EmailLayout>
  );
}
