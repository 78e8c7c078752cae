import type { AdminEnquiry } from '@contrail/contracts/back-office';

export const enquiryKindLabels: Record<AdminEnquiry['kind'], string> = {
  contact: 'Contact form',
  support: 'Support form',
  lookup: 'Find my booking',
};
