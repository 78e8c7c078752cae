import { tripMessages } from '@contrail/contracts/bookings';

/**
 * What the trips screens say: the fixed wording of /my-trips, its failures and toasts and the
 * cancellation policy, plus texts of our own where none is fixed.
 */
export const tripsTexts = {
  refundedByAgency: 'Refunded by the agency',
  cardDispute: 'Card dispute',
  disputeOpen: 'Your bank is looking into this payment',
  disputeLost: 'Your bank returned this payment to you',
  cancelledInDispute: tripMessages.cancelledInDispute,
  pageTitle: 'My Trips',
  pageDescription: 'View your bookings, check the details and cancel a trip.',
  confirmAddress: 'Confirm your address in Account Settings.',
  tabs: { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' },

  signInTitle: 'Sign in to see your trips',
  signInDescription:
    'Your bookings are kept in your account. Sign in to view, manage or cancel them.',
  signIn: 'Sign In',
  createAccount: 'Create Account',
  guestHint: 'Booked without an account?',
  guestLink: 'Find your booking',

  loadFailed: 'Unable to retrieve your bookings',

  empty: {
    upcoming: {
      title: 'No upcoming trips',
      description: 'When you book a flight, it will appear here.',
    },
    past: { title: 'No past trips', description: 'Trips you have taken will appear here.' },
    cancelled: {
      title: 'No cancelled trips',
      description: 'Bookings you cancel will appear here.',
    },
  },
  searchFlights: 'Search flights',

  viewDetails: 'View Details',
  cancel: 'Cancel',
  bookingReference: 'Booking reference',
  totalPaid: 'Total paid',

  detailsTitle: 'Booking Details',
  detailsFailed: 'Unable to load booking details',
  cancelBooking: 'Cancel Booking',
  nonRefundableTitle: 'Non-Refundable Ticket',
  nonRefundable:
    'This ticket is non-refundable and cannot be cancelled online. Contact customer support for help with this booking.',
  pastTrip: 'This trip has already taken place and can no longer be cancelled.',
  notCancellable:
    'This booking can no longer be cancelled online. Contact customer support for help with this booking.',
  pending: 'The airline is still confirming this booking. You can manage it once it is confirmed.',

  confirmTitle: 'Cancel this booking?',
  refundAmount: 'Refund amount',
  quoteLoading: 'Calculating your refund...',
  quoteFailed: 'Unable to retrieve the refund amount',
  nonRefundableFare:
    'This fare is non-refundable: the refund covers only the taxes and charges the airline returns.',
  noRefund: 'This fare is non-refundable: cancelling it refunds nothing.',
  /** A refund the airline has not stated yet: never shown as 0.00. */
  refundUnknown: tripMessages.refundUnknown,
  refundUnknownNote:
    'The airline has not said yet what it refunds. We refund it to your card as soon as it does, and e-mail you.',
  creditsTitle: 'Refund as airline credits',
  creditsNote:
    'The airline refunds this booking as credits, not to your card. Spend them with the airline when you book.',
  creditNoExpiry: 'expiry as the airline’s conditions say',
  refundProcessing: 'Your refund is on its way.',
  policy: {
    originalPayment: 'The refund goes to the original payment method',
    started: 'We start the refund with the airline within 24-48 hours of your request.',
    processing: 'The airline takes 7 to 30 business days to process it.',
    serviceFees: 'Service fees are non-refundable.',
  },
  cancellationPolicy: 'Cancellation policy',
  keepBooking: 'No, Keep Booking',
  confirmCancel: 'Yes, Cancel Booking',
  cancelling: 'Cancelling...',
  cancelled: 'Booking cancelled',
  cancelFailed: 'Cancellation failed',
  cancelFailedPrefix: 'Unable to cancel booking',
  tryLater: 'Please try again later or contact customer support.',

  manageTitle: 'Manage Booking',
  manageDescription:
    'Find a booking made without signing in, using its reference and e-mail address.',
  myBookingsTitle: 'My Bookings',
  myBookingsDescription: 'See, manage or cancel the flights you have booked with us.',
  myBookingsSignIn: 'Have an account? Sign in to view, manage and cancel all your trips.',
  logIn: 'Log In',
  viewMyTrips: 'View My Trips',

  retrieveTitle: 'Retrieve a booking',
  retrieveDescription: 'Enter your booking reference and the e-mail address used for the booking.',
  referenceLabel: 'Booking Reference',
  emailLabel: 'Email Address',
  find: 'Find Booking',
  finding: 'Finding...',
  lookupFailedPrefix: 'Unable to retrieve booking details',
  readOnlyTitle: 'Want to make changes?',
  readOnly:
    'This is a read-only view. Sign in to the account used for this booking to manage or cancel it.',
} as const;
