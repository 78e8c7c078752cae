import type { Brand } from '@contrail/contracts/brands';
import { themeVariables } from '@contrail/contracts/theme';
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/** The brand's colours as the web app derives them, for inline styles (mail clients drop CSS). */
export function emailColours(brand: Brand) {
  const theme = themeVariables(brand.theme);
  return {
    background: theme['--background'] ?? '#ffffff',
    text: theme['--foreground'] ?? '#0f172a',
    muted: theme['--muted'] ?? '#f1f5f9',
    mutedText: theme['--muted-foreground'] ?? '#64748b',
    border: theme['--border'] ?? '#e2e8f0',
    primary: theme['--primary'] ?? '#1d4ed8',
    onPrimary: theme['--primary-foreground'] ?? '#ffffff',
    font: theme['--font-sans'] ?? 'Arial, sans-serif',
  };
}

/** Only a logo on the web can be shown: clients block data: URIs and relative paths. */
const hostedLogo = (logo: string | null) => (logo && /^https:\/\//i.test(logo) ? logo : null);

interface EmailLayoutProps {
  brand: Brand;
  /** The line clients show next to the subject. */
  preview: string;
  children: ReactNode;
}

/** Every message's frame: the brand's name (and logo) on its colour, the content, its contacts. */
export function EmailLayout({ brand, preview, children }: EmailLayoutProps) {
  const colours = emailColours(brand);
  const logo = hostedLogo(brand.logo);
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, backgroundColor: colours.muted, fontFamily: colours.font }}>
        <Container style={{ maxWidth: '600px', margin: '0 auto', padding: '24px 12px' }}>
          <Section
            style={{
              backgroundColor: colours.primary,
              color: colours.onPrimary,
              padding: '20px 24px',
              borderRadius: '8px 8px 0 0',
            }}
          >
            {logo ? (
              <Img src={logo} alt={brand.name} height="40" style={{ maxHeight: '40px' }} />
            ) : (
              <Text
                style={{ margin: 0, fontSize: '22px', fontWeight: 700, color: colours.onPrimary }}
              >
                {brand.name}
              </Text>
            )}
          </Section>
          <Section
            style={{
              backgroundColor: colours.background,
              color: colours.text,
              padding: '24px',
              borderRadius: '0 0 8px 8px',
            }}
          >
            {children}
            <Hr style={{ borderColor: colours.border, margin: '24px 0 16px' }} />
            <Text
              style={{ margin: 0, fontSize: '13px', lineHeight: '20px', color: colours.mutedText }}
            >
              {`${brand.name} · ${brand.contact.email} · ${brand.contact.phone}`}
              <br />
              {brand.contact.address}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The one call to action of a message, in the brand's primary colour. */
export function EmailButton({
  brand,
  href,
  children,
}: {
  brand: Brand;
  href: string;
  children: ReactNode;
}) {
  const colours = emailColours(brand);
  return (
    <Button
      href={href}
      style={{
        backgroundColor: colours.primary,
        color: colours.onPrimary,
        padding: '12px 20px',
        borderRadius: '6px',
        fontWeight: 600,
        textDecoration: 'none',
        display: 'inline-block',
      }}
    >
      {children}
    </Button>
  );
}

export const paragraph: CSSProperties = {
  margin: '0 0 12px',
  fontSize: '15px',
  lineHeight: '22px',
};
export const heading: CSSProperties = {
  margin: '0 0 12px',
  fontSize: '22px',
  lineHeight: '28px',
  fontWeight: 700,
};
