import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { BrandProvider } from '../features/brand/components/brand-provider';
import type { AppRouter } from './router';

interface AppProps {
  queryClient: QueryClient;
  router: AppRouter;
  brandKey: string;
}

export function App({ queryClient, router, brandKey }: AppProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrandProvider brandKey={brandKey}>
          <RouterProvider router={router} />
        </BrandProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
