import type { ReactNode } from 'react';
import { Card, CardContent, CardFooter } from '../../../components/ui/card';

/** Inline links on the account pages. */
export const authLinkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

interface AuthPageProps {
  title: string;
  description: string;
  icon: ReactNode;
  children: ReactNode;
  /** The way to the other form ("Don't have an account? Sign Up"). */
  footer: ReactNode;
}

/** The sign-in and sign-up pages: one centred card over the brand's muted backdrop. */
export function AuthPage({ title, description, icon, children, footer }: AuthPageProps) {
  return (
    <section
      aria-labelledby="auth-page-title"
      className="bg-gradient-to-b from-muted to-background px-4 py-10 sm:py-16"
    >
      <div className="mx-auto w-full max-w-md">
        <Card>
          <div className="flex flex-col items-center gap-3 px-6 text-center">
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&>svg]:size-6"
            >
              {icon}
            </span>
            <h1
              id="auth-page-title"
              className="text-2xl font-bold tracking-tight text-balance text-foreground"
            >
              {title}
            </h1>
            <p className="text-sm text-balance text-muted-foreground">{description}</p>
          </div>
          <CardContent>{children}</CardContent>
          <CardFooter className="justify-center border-t border-border pt-6 text-center text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        </Card>
      </div>
    </section>
  );
}
