import type { Brand } from '@contrail/contracts/brands';

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/**
 * A brand's mail goes out in its name, answers going to its contact address where that is one
 * (the brand manager takes free text there).
 */
export function brandSender(brand: Brand): { senderName: string; replyTo: string | null } {
  const address = brand.contact.email.trim();
  return { senderName: brand.name, replyTo: ADDRESS.test(address) ? address : null };
}
