import type { ReactNode } from 'react';

/** Stands in for a page that a later issue builds; it renders inside the shell, never as a 404. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl px-4 py-12 sm:py-16">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight text-foreground">
        {title}
      </h1>
      <p className="mt-3 text-muted-foreground">This page is being built.</p>
      {children}
    </section>
  );
}
