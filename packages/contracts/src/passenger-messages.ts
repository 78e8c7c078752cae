/**
 * What the passenger form and the API say of a passenger's details: the fixed form messages, and
 * what airlines refuse at the order, asked before any money moves.
 */

export const passengerMessages = {
  // The fixed passenger-form messages, verbatim.
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  primaryEmail: 'Valid email is required for primary passenger',
  primaryPhone: 'Phone number is required for primary passenger',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  passportMin: 'Passport number must be at least 5 characters',
  passportMax: 'Passport number cannot exceed 20 characters',
  passportCharacters: 'Passport number can only contain letters and numbers',
  passportExpiryRequired: 'Passport expiry date is required',
  passportExpired: 'Passport must not be expired',
  countryLength: 'Country code must be exactly 2 characters (ISO code)',
  countryLetters: 'Country code must contain only letters',
  passportHintExpired: 'Passport has expired',
  passportHintSoon: 'Less than 6 months validity',
  completeAll: 'Please complete all required passenger information before continuing.',
  // Beyond the fixed messages: what airlines refuse at the order, asked before any money moves.
  nameCharacters: 'Use letters, spaces, hyphens and apostrophes only, as printed in the passport',
  nameTooLong: `Names can be at most 50 characters`,
  titleRequired: 'Please choose a title',
  titleForChild: 'Choose Master, Miss or Ms for a child or infant',
  genderRequired: 'Please choose a gender',
  dateOfBirthUnreal: 'Please enter a real date of birth',
  phoneCountryRequired:
    'Choose the country of this phone number, or start it with + and the country code',
  passportBeyondTravel: 'The passport must be valid beyond the last flight of this trip',
  countryUnknown: 'Please choose a country from the list',
  frequentFlyerAirline: 'Choose the airline of this frequent flyer number',
  frequentFlyerNumber: 'Frequent flyer numbers have 4 to 20 letters and digits',
  assistanceUnknown: 'Please choose an assistance option from the list',
  passengersMismatch: 'The passengers do not match the flight offer',
  infantsPerAdult: 'Each infant must travel on the lap of an adult',
  ageAdult: 'Adults must be 12 or older on the date of travel',
  ageChild: 'Children must be 2 to 11 years old on the date of travel',
  ageInfant: 'Infants must be under 2 years old on the date of travel',
  ageSearched: (searched: number, actual: number) =>
    `This passenger was searched as ${searched} years old but will be ${actual} on the date of travel. Please check the date of birth or search again.`,
  titleGenderReason:
    'Airlines print the title on the ticket and send the gender to border and security checks, so both must match the passport.',
} as const;
