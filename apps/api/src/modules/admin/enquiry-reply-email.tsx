import type { Brand } from '@contrail/contracts/brands';
import { Heading, Section, Text } from '@react-email/components';
import { createElement } from 'react';
import { EmailLayout, heading, paragraph, type RenderedEmail, renderEmail } from '../email';

interface EnquiryReplyEmailProps {
  brand: Brand;
  title: string;
  preview: string;
  quoteLabel: string;
  name: string;
  original: string;
  reply: string;
}

/** Staff's answer to a message or a booking look-up, quoting what the customer wrote. */
function EnquiryReplyEmail({
  brand,
  title,
  preview,
  quoteLabel,
  name,
  original,
  reply,
}: EnquiryReplyEmailProps) {
  const lines = (text: string) =>
    text.split(/\r?\n/).map((line, index) => (
      <Text key={index} style={{ ...paragraph, margin: '0 0 8px' }}>
        {line === '' ? '\u00a0' : line}
      </Text>
    ));
  return (
    <EmailLayout brand={brand} preview={preview}>
      <Heading as="h1" style={heading}>
        {title}
      </Heading>
      <Text style={paragraph}>{name ? `Hello ${name},` : 'Hello,'}</Text>
      {lines(reply)}
      <Section style={{ borderLeft: '3px solid #d1d5db', paddingLeft: '12px', marginTop: '16px' }}>
        <Text style={{ ...paragraph, fontWeight: 600 }}>{quoteLabel}</Text>
        {lines(original)}
      </Section>
    </EmailLayout>
  );
}

/**
 * The reply e-mail in the brand's name and colours, as HTML and plain text. A message is answered
 * under its reference (the sender was shown it); a retrieve-booking look-up, whose sender never
 * saw one, under the booking reference they typed.
 */
export async function renderEnquiryReply(input: {
  brand: Brand;
  kind: 'contact' | 'support' | 'lookup';
  name: string;
  reference: string;
  bookingReference: string | null;
  subject: string;
  original: string;
  reply: string;
}): Promise<RenderedEmail & { subject: string }> {
  const lookup = input.kind === 'lookup';
  const booking = input.bookingReference ? ` ${input.bookingReference}` : '';
  const rendered = await renderEmail(
    createElement(EnquiryReplyEmail, {
      brand: input.brand,
      title: lookup ? `Your booking search${booking}` : `Your message ${input.reference}`,
      preview: lookup
        ? `${input.brand.name} answered your booking search`
        : `${input.brand.name} answered your message ${input.reference}`,
      quoteLabel: lookup ? 'You searched for:' : 'You wrote:',
      name: input.name,
      original: input.original,
      reply: input.reply,
    }),
  );
  const topic = input.subject ? `: ${input.subject}` : '';
  const subject = lookup ? `Re: your booking search${booking}` : `Re: ${input.reference}${topic}`;
  return { subject: subject.slice(0, 200), ...rendered };
}
