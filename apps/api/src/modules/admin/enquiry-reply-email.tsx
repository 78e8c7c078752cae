import type { Brand } from '@contrail/contracts/brands';
import { Heading, Section, Text } from '@react-email/components';
import { createElement } from 'react';
import { EmailLayout, heading, paragraph } from '../email/templates/email-layout';
import { renderEmail, type RenderedEmail } from '../email/templates/render-email';

interface EnquiryReplyEmailProps {
  brand: Brand;
  name: string;
  reference: string;
  original: string;
  reply: string;
}

/** Staff's answer to a contact or support message, quoting what the customer wrote. */
function EnquiryReplyEmail({ brand, name, reference, original, reply }: EnquiryReplyEmailProps) {
  const lines = (text: string) =>
    text.split(/\r?\n/).map((line, index) => (
      <Text key={index} style={{ ...paragraph, margin: '0 0 8px' }}>
        {line === '' ? '\u00a0' : line}
      </Text>
    ));
  return (
    <EmailLayout brand={brand} preview={`${brand.name} answered your message ${reference}`}>
      <Heading as="h1" style={heading}>
        {`Your message ${reference}`}
      </Heading>
      <Text style={paragraph}>{name ? `Hello ${name},` : 'Hello,'}</Text>
      {lines(reply)}
      <Section style={{ borderLeft: '3px solid #d1d5db', paddingLeft: '12px', marginTop: '16px' }}>
        <Text style={{ ...paragraph, fontWeight: 600 }}>You wrote:</Text>
        {lines(original)}
      </Section>
    </EmailLayout>
  );
}

/** The reply e-mail in the brand's name and colours, as HTML and plain text. */
export async function renderEnquiryReply(input: {
  brand: Brand;
  name: string;
  reference: string;
  subject: string;
  original: string;
  reply: string;
}): Promise<RenderedEmail & { subject: string }> {
  const rendered = await renderEmail(
    createElement(EnquiryReplyEmail, {
      brand: input.brand,
      name: input.name,
      reference: input.reference,
      original: input.original,
      reply: input.reply,
    }),
  );
  const topic = input.subject ? `: ${input.subject}` : '';
  return { subject: `Re: ${input.reference}${topic}`.slice(0, 200), ...rendered };
}
