import { tripsTexts } from '../lib/trips-texts';
import { RetrieveBooking } from './retrieve-booking';

interface ManageBookingPageProps {
  /** From the confirmation e-mail's link: the form starts filled in and looks the booking up. */
  reference?: string | undefined;
  email?: string | undefined;
}

/** `/manage-booking`: a guest finds a booking by reference and e-mail and sees it, read-only. */
export function ManageBookingPage({ reference, email }: ManageBookingPageProps) {
  return (
    <section
      aria-labelledby="manage-booking-title"
      className="bg-gradient-to-b from-muted to-background"
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:py-14">
        <header className="grid gap-1">
          <h1
            id="manage-booking-title"
            className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
          >
            {tripsTexts.manageTitle}
          </h1>
          <p className="text-muted-foreground">{tripsTexts.manageDescription}</p>
        </header>
        <RetrieveBooking
          headingLevel={2}
          initial={reference && email ? { reference, email } : undefined}
        />
      </div>
    </section>
  );
}
