import { bookingMessages } from '@contrail/contracts/bookings';
import { offerMessages } from '@contrail/contracts/offers';

/**
 * Texts of the checkout. The fixed wording (screens, toasts) is marked; the rest fills the
 * gaps in the same voice.
 */
export const checkoutTexts = {
  // Fixed wording: the checkout screens.
  stepLabels: {
    passengers: 'Passenger Details',
    seats: 'Seat Selection',
    payment: 'Payment',
    confirmation: 'Confirmation',
  },
  passengerHeading: 'Enter Passenger Details',
  skipPassport: 'Skip Passport Info',
  offerExpiredButton: 'Offer Expired',
  outbound: 'Outbound',
  return: 'Return',
  skipSeats: 'Skip Seat Selection',
  continueToPayment: 'Continue to Payment',
  backToSeats: 'Back to Seat Selection',
  completeBooking: 'Complete Booking',
  roundTrip: 'Round Trip',
  oneWay: 'One Way',
  multiCity: 'Multi-City',
  viewMyTrips: 'View My Trips',
  bookAnother: 'Book Another Flight',
  legendAvailable: 'Available',
  legendSelected: 'Selected',
  legendUnavailable: 'Unavailable',
  // Fixed wording: the toasts.
  offerExpiredTitle: 'Flight Offer Expired',
  offerExpiredDescription: 'Offers typically expire after 30 minutes',
  offerUnavailableTitle: 'Offer No Longer Available',
  offerValidationFailedTitle: 'Offer Validation Failed',
  expiringSoonTitle: 'Offer Expiring Soon',
  expiringSoon: (minutes: number) => `This flight offer will expire in ${minutes} minutes...`,
  paymentFailedTitle: 'Payment Failed',
  bookingFailedTitle: 'Booking Failed',
  bookingFailedFallback: 'Something went wrong. Please try again.',
  loadFailedTitle: 'Error loading flight details',
  notFoundTitle: 'Flight offer not found',
  seatSelectedTitle: 'Seat Selected',
  seatRequiredTitle: 'Seat Selection Required',
  seatRequired: 'Please select seats for all passengers',
  bookedTitle: bookingMessages.confirmed,
  unverifiable: offerMessages.unverifiable,

  // Our own wording where none is fixed.
  back: 'Back',
  secureCheckout: 'Secure checkout',
  loadingOffer: 'Loading your flight...',
  loadFailed: 'We could not load this flight. Please check your connection and try again.',
  tryAgain: 'Try Again',
  backToSearch: 'Back to Search',
  continueToSeats: 'Continue to Seat Selection',
  addPassport: 'Add Passport Info',
  passportRequiredTitle: 'Passport details required',
  passportRequired:
    'This itinerary requires passport details for every passenger. Passports must be valid for at least 6 months beyond your travel dates.',
  passportOptional:
    'Passport details are optional for this itinerary. You can add them now or skip them.',
  passportSkipped: 'Passport details skipped for this passenger.',
  primaryContact: 'Lead passenger',
  primaryContactNote: 'We send the booking confirmation to this email address.',
  bagsHeading: 'Extra Checked Bags',
  bagsIntro:
    'Add checked bags for each traveller and flight now; the bags your fare includes are listed with the flights. Bag prices are per bag.',
  extraBags: 'Extra bags',
  seatHeading: 'Choose Your Seats',
  seatIntro:
    'Pick a traveller, then a seat on each flight. Select a seat again to change it; seat prices are per traveller.',
  seatMapsLoading: 'Loading seat maps...',
  seatMapsUnavailableTitle: 'Seat selection is not available',
  seatMapsUnavailable:
    'Seat maps could not be loaded for this flight. Seats will be assigned by the airline at check-in.',
  seatFor: 'Choose a seat for',
  exitRow: 'Exit',
  seatRemoved: 'Seat removed',
  nextFlight: 'Next Flight',
  paymentHeading: 'Payment Details',
  testMode:
    'Test mode: use the card 4242 4242 4242 4242 with any future expiry date and any CVV. No real money is charged.',
  cardSecurity:
    'Your card is authorised now and charged only when the airline confirms your booking. We never store your card number.',
  processingPayment: 'Processing Payment...',
  loadingPaymentForm: 'Loading the secure payment form…',
  confirmingBooking: 'Confirming Booking...',
  orderSummary: 'Order Summary',
  priceChangedTitle: 'Price Changed',
  acceptNewPrice: 'Accept and Pay',
  cancel: 'Cancel',
  bookingPendingTitle: 'Your booking is not confirmed yet',
  bookingPending:
    'Your card was authorised, but the connection dropped before the booking was confirmed. Retrying is safe: you will be charged only once.',
  bookingUnclear:
    'We could not read the booking confirmation. Please check My Trips before trying again.',
  retryBooking: 'Retry Booking',
  confirmationHeading: 'Booking Confirmed!',
  confirmedDescription: (reference: string) => `Your booking reference is ${reference}.`,
  guestAccount: (email: string) =>
    `We have also e-mailed ${email} how to see this trip in an account: choose a password for a new one, or confirm the address of the one you have.`,
  afterReload:
    'Looking for a booking you have just made? Bookings are listed in My Trips; the form below starts a new one.',
  confirmationEmail: (email: string) => `A confirmation will be sent to ${email}.`,
  extrasHeading: 'Frequent flyer and assistance',
  assistanceNote:
    'Our team passes your request on to the airline after you book; the airline arranges the help at the airport and on board.',
  searchAgain: 'Search Again',
  dismiss: 'Dismiss',
  searchAgainNote:
    'Search again for the same trip: the passenger details you typed come with you, ready for a new offer.',
  priceChangedNotice:
    'The airline has changed the price of this flight since you chose it. Please check the new total before you continue; nothing has been charged.',
  previousTotal: 'Price you saw',
  newTotal: 'Price now',
  continueAtNewPrice: 'Continue at the New Price',
  seatsAgainTitle: 'Please choose your seats again',
  passengersAgainTitle: 'Please check the passenger details',
  carryTitle: 'Use the passenger details you entered before?',
  carryDescription:
    'You entered these travellers for the flight you were booking. They can fill this form, which you can still change.',
  carryUse: 'Use These Details',
  carryDismiss: 'Start Empty',
} as const;
