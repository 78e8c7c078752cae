/** What other modules use of the content module besides its service: the reading of an enquiry's fields. */
export { readEnquiryFields } from './content.columns';
