/**
 * What the support, FAQ and contact pages say. The fixed wording (tab names, form fields, 'Still
 * Need Help?') is kept; the rest fills the gaps. Response times follow the contract's promise of a
 * reply within 24 hours.
 */
export const helpTexts = {
  support: {
    title: 'Support',
    description: (brand: string) =>
      `How can we help? Search the ${brand} help centre, send us a message or find your booking.`,
    searchLabel: 'Search help topics and questions',
    searchPlaceholder: 'Search, e.g. refund or baggage',
    clearSearch: 'Clear search',
    tabs: {
      'help-center': 'Help Center',
      'contact-us': 'Contact Us',
      'my-bookings': 'My Bookings',
    },
    topicsTitle: 'Popular help topics',
    questionsTitle: 'Frequently asked questions',
    allFaqs: 'Browse all questions',
    resultsSummary: (topics: number, questions: number, query: string) =>
      `${plural(topics, 'topic')} and ${plural(questions, 'question')} match "${query}"`,
    noResultsTitle: (query: string) => `No help topics or questions match "${query}"`,
    noResults:
      'Check the spelling or try other words, such as refund, seat or passport. Our support team can also help.',
    askUs: 'Send us a message',
    contactTitle: 'Contact Us',
    contactDescription: "Send our support team a message and we'll reply within 24 hours.",
    urgent: 'Travelling within the next 24 hours? Call us for the fastest help.',
  },
  faq: {
    title: 'Frequently Asked Questions',
    description: (brand: string) =>
      `Answers to common questions about booking, paying for and managing your flights with ${brand}.`,
    searchLabel: 'Search the FAQ',
    searchPlaceholder: 'Search, e.g. refund or baggage',
    search: 'Search',
    categoriesLabel: 'FAQ categories',
    resultsTitle: (count: number, query: string) => `${plural(count, 'result')} for "${query}"`,
    noResultsTitle: (query: string) => `No results for "${query}"`,
    noResults:
      'Check the spelling, use fewer words or try another word, such as refund, seat or passport. You can also browse the questions by topic.',
    showAll: 'Show all questions',
  },
  stillNeedHelp: {
    title: 'Still Need Help?',
    description:
      "Can't find the answer you're looking for? Our support team is happy to help and replies to every message within 24 hours.",
    contact: 'Contact Us',
    call: (phone: string) => `Call ${phone}`,
  },
  contact: {
    title: 'Contact Us',
    description: (brand: string) =>
      `Questions about a booking, a refund or your account? Send the ${brand} team a message or get in touch directly. We reply within 24 hours.`,
    channelsTitle: 'Get in touch',
    emailTitle: 'Email',
    emailNote: 'We reply within 24 hours.',
    phoneTitle: 'Phone',
    phoneNote: 'The quickest way to get help with a trip that departs soon.',
    addressTitle: 'Office',
    formTitle: 'Send us a message',
    formDescription: 'Fields marked optional can be left empty.',
    teasersTitle: 'Quick answers',
    allFaqs: 'View all FAQs',
  },
  form: {
    fullName: 'Full Name',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    phone: 'Phone (optional)',
    reason: 'Reason for contacting us',
    reasonPlaceholder: 'Select a reason',
    bookingReference: 'Booking Reference',
    bookingReferenceHint: 'Optional. The 6-character code on your confirmation, e.g. ABC123.',
    subject: 'Subject',
    message: 'Message',
    messageHint: 'Up to 5000 characters.',
    preferredContact: 'Preferred contact method',
    preferredEmail: 'Email',
    preferredPhone: 'Phone',
    consentBefore: 'I agree to the ',
    privacyPolicy: 'Privacy Policy',
    consentAfter: (brand: string) => ` and to ${brand} using my details to answer this message.`,
    send: 'Send Message',
    sending: 'Sending...',
    sentTitle: 'Message sent',
    reference: (reference: string) => `Your reference: ${reference}`,
    failedTitle: 'Your message was not sent',
    failed: (email: string) => `Please try again in a moment, or email us at ${email}.`,
  },
} as const;

function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
