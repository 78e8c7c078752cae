import type { Brand } from '@contrail/contracts/brands';
import { Heading, Link, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { EmailButton, EmailLayout, heading, paragraph } from './email-layout';

// The e-mails that tie an address to an account: the confirmation link of a registration, the
// notice that an address already has an account, and what a guest booking's address is told
// about seeing the trip in an account. Each says who it is for by username, never a password.

function LinkButton({ brand, href, children }: { brand: Brand; href: string; children: string }) {
  return (
    <>
      <Section style={{ padding: '4px 0 12px' }}>
        <EmailButton brand={brand} href={href}>
          {children}
        </EmailButton>
      </Section>
      <Text style={paragraph}>
        {'Or open '}
        <Link href={href}>{href}</Link>
      </Text>
    </>
  );
}

function Greeting({ firstName }: { firstName: string }) {
  return <Text style={paragraph}>{firstName ? `Hello ${firstName},` : 'Hello,'}</Text>;
}

function Frame({
  brand,
  title,
  preview,
  children,
}: {
  brand: Brand;
  title: string;
  preview: string;
  children: ReactNode;
}) {
  return (
    <EmailLayout brand={brand} preview={preview}>
      <Heading as="h1" style={heading}>
        {title}
      </Heading>
      {children}
    </EmailLayout>
  );
}

export interface VerificationEmailProps {
  brand: Brand;
  firstName: string;
  username: string;
  /** `/verify-email?token=…` on the brand's site. */
  verifyUrl: string;
  validDays: number;
}

/** The link that confirms an account's address, opened while signed in to that account. */
export function VerificationEmail({
  brand,
  firstName,
  username,
  verifyUrl,
  validDays,
}: VerificationEmailProps) {
  return (
    <Frame
      brand={brand}
      title="Confirm your email address"
      preview={`Confirm the email address of your ${brand.name} account`}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        {`Please confirm that this address belongs to your ${brand.name} account (username `}
        <strong>{username}</strong>
        {'). Bookings made as a guest with this address then appear in your trips.'}
      </Text>
      <LinkButton brand={brand} href={verifyUrl}>
        Confirm my address
      </LinkButton>
      <Text style={paragraph}>
        {`The link works once, within ${String(validDays)} days, after you sign in to that account.`}
      </Text>
      <Text style={paragraph}>
        If you did not create this account, ignore this e-mail: nothing is shared with it.
      </Text>
    </Frame>
  );
}

export interface ExistingAccountEmailProps {
  brand: Brand;
  firstName: string;
  username: string;
  signInUrl: string;
  forgotPasswordUrl: string;
}

/** Someone registered with an address that has an account already: its owner is told, nobody else. */
export function ExistingAccountEmail({
  brand,
  firstName,
  username,
  signInUrl,
  forgotPasswordUrl,
}: ExistingAccountEmailProps) {
  return (
    <Frame
      brand={brand}
      title="You already have an account"
      preview={`Someone tried to create a ${brand.name} account with this address`}
    >
      <Greeting firstName={firstName} />
      <Text style={paragraph}>
        {`Someone, perhaps you, tried to create a ${brand.name} account with this email address. It already has one, with the username `}
        <strong>{username}</strong>
        {', so no new account was made.'}
      </Text>
      <LinkButton brand={brand} href={signInUrl}>
        Sign in
      </LinkButton>
      <Text style={paragraph}>
        {'Forgotten your password? '}
        <Link href={forgotPasswordUrl}>Choose a new one</Link>.
      </Text>
      <Text style={paragraph}>If this was not you, ignore this e-mail: nothing has changed.</Text>
    </Frame>
  );
}

export interface GuestBookingAccountEmailProps {
  brand: Brand;
  firstName: string;
  username: string;
  bookingReference: string;
  /**
   * `new`: an account was made for the address; `unconfirmed`: its account has not confirmed the
   * address, so the booking is not in it yet; `confirmed`: the booking is in its account.
   */
  account: 'new' | 'unconfirmed' | 'confirmed';
  /** Choosing a password from this link confirms the address (new and unconfirmed accounts). */
  setPasswordUrl: string | null;
  /** Signed in, this link confirms the address (unconfirmed accounts). */
  verifyUrl: string | null;
  myTripsUrl: string;
  validDays: number;
}

/** A guest booking's address: how to see the trip in an account. */
export function GuestBookingAccountEmail(props: GuestBookingAccountEmailProps) {
  const { brand, firstName, username, bookingReference } = props;
  return (
    <Frame
      brand={brand}
      title="Your trip in your account"
      preview={`See booking ${bookingReference} in your ${brand.name} account`}
    >
      <Greeting firstName={firstName} />
      {props.account === 'confirmed' ? (
        <>
          <Text style={paragraph}>
            {`Booking ${bookingReference} is in your ${brand.name} account (username `}
            <strong>{username}</strong>
            {'). Sign in to see and manage it.'}
          </Text>
          <LinkButton brand={brand} href={props.myTripsUrl}>
            View my trips
          </LinkButton>
        </>
      ) : (
        <GuestBookingClaim {...props} />
      )}
    </Frame>
  );
}

function GuestBookingClaim({
  brand,
  username,
  bookingReference,
  account,
  setPasswordUrl,
  verifyUrl,
  validDays,
}: GuestBookingAccountEmailProps) {
  return (
    <>
      <Text style={paragraph}>
        {account === 'new'
          ? `We made you a ${brand.name} account to keep booking ${bookingReference} and your future trips together. Your username is `
          : `Your ${brand.name} account (username `}
        <strong>{username}</strong>
        {account === 'new'
          ? '. Choose a password to sign in; it also confirms this address.'
          : ') has not confirmed this address yet, so the booking is not in it. Confirm the address to add it.'}
      </Text>
      {account === 'unconfirmed' && verifyUrl ? (
        <LinkButton brand={brand} href={verifyUrl}>
          Confirm my address
        </LinkButton>
      ) : null}
      {setPasswordUrl ? (
        <>
          {account === 'unconfirmed' ? (
            <Text style={paragraph}>
              Do not know that account&apos;s password? Choosing a new one confirms the address too,
              and signs out whoever else is signed in to it.
            </Text>
          ) : null}
          <LinkButton brand={brand} href={setPasswordUrl}>
            Choose a password
          </LinkButton>
        </>
      ) : null}
      <Text style={paragraph}>
        {`${account === 'new' ? 'The link works' : 'These links work'} once, within ${String(validDays)} days. Your booking is confirmed either way: manage it with the link in your confirmation e-mail.`}
      </Text>
    </>
  );
}
