/**
 * What other modules use of the content module besides its service: the reading of an enquiry's
 * fields, and the messages and subscribers as the back office's inbox and newsletter read them.
 */
export { readEnquiryFields } from './content.columns';
export type { EnquiryRow, InboxRepository } from './inbox.repository';
export type { NewsletterRepository, SubscriberRow } from './newsletter.repository';
