import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../components/ui/button-variants';

export function NotFoundPage() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex w-full max-w-2xl flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <h1 id="not-found-title" className="text-3xl font-bold tracking-tight text-foreground">
        404 Page Not Found
      </h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to="/" data-slot="button" className={buttonVariants({ variant: 'outline' })}>
        Home
      </Link>
    </section>
  );
}
