import { useLayoutEffect, type ReactNode } from 'react';
import { applyThemeVariables } from '../../../theme/apply-brand';
import { BrandKeyContext } from '../hooks/brand-key-context';
import { useBrand } from '../hooks/use-brand';

interface BrandProviderProps {
  brandKey: string;
  children: ReactNode;
}

/**
 * Provides the brand key and applies the brand's theme (the title and page icon are PageMeta's,
 * app/layout/page-meta.tsx). With boot data the brand is there before the first render;
 * otherwise the app waits for `GET /api/brands/{key}` rather than painting the default brand and
 * switching.
 */
export function BrandProvider({ brandKey, children }: BrandProviderProps) {
  return (
    <BrandKeyContext value={brandKey}>
      <BrandGate>{children}</BrandGate>
    </BrandKeyContext>
  );
}

function BrandGate({ children }: { children: ReactNode }) {
  const { brand, isLoading } = useBrand();

  useLayoutEffect(() => {
    if (!isLoading) applyThemeVariables(brand.theme);
  }, [brand.theme, isLoading]);

  if (isLoading) return <div aria-busy="true" className="min-h-screen bg-background" />;
  return children;
}
