import { tripsTexts } from '../lib/trips-texts';
import { RetrieveBooking } from './retrieve-booking';

/** `/manage-booking`: a guest finds a booking by reference and e-mail and sees it, read-only. */
export function ManageBookingPage() {
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
        <RetrieveBooking headingLevel={2} />
      </div>
    </section>
  );
}
