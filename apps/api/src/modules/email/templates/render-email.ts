import { render, toPlainText } from '@react-email/components';
import type { ReactElement } from 'react';

export interface RenderedEmail {
  html: string;
  text: string;
}

/** A message as HTML and as its plain-text alternative, made from the same component. */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
