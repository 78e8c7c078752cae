/** A link inside running text: underlined so it does not rely on colour alone. */
export const textLinkClass =
  'rounded-sm font-medium text-primary underline underline-offset-4 outline-none hover:decoration-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

/**
 * Running text of a policy section: paragraphs, lists and sub-headings spaced for reading, the
 * line length kept by the column (about 70 characters). Only direct children are styled, so
 * components placed in the text (tables, cards) keep their own look.
 */
export const proseClass =
  'mt-4 space-y-4 text-base leading-7 text-foreground [&>h3]:pt-4 [&>h3]:text-lg [&>h3]:font-semibold [&>h3]:leading-snug [&>h3]:break-after-avoid [&>ol]:list-decimal [&>ol]:space-y-2 [&>ol]:pl-6 [&>ul]:list-disc [&>ul]:space-y-2 [&>ul]:pl-6 [&>ol>li]:pl-1 [&>ul>li]:pl-1 [&>ol>li]:marker:text-muted-foreground [&>ul>li]:marker:text-muted-foreground';
