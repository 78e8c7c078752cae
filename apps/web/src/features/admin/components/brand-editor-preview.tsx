import type { BrandTheme } from '@contrail/contracts/brands';
import { ExternalLinkIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { BrandEditorState } from '../hooks/use-brand-editor';
import { BrandPreview } from './brand-preview';
import { ContrastPanel } from './contrast-panel';

interface BrandEditorPreviewProps {
  watched: BrandEditorState['watched'];
  theme: BrandTheme;
  /** The saved brand's domain, for the link to its site; absent for a new brand. */
  savedDomain: string | undefined;
  siteUrl: (domain: string) => string;
}

/** The editor's right column: the live preview of the edited brand and its contrast checks. */
export function BrandEditorPreview({
  watched,
  theme,
  savedDomain,
  siteUrl,
}: BrandEditorPreviewProps) {
  return (
    <aside
      aria-label="Preview"
      className="min-w-0 lg:col-start-2 lg:row-span-6 lg:row-start-1 lg:self-stretch"
    >
      <div className="grid gap-6 lg:sticky lg:top-20">
        <Card>
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle level={2}>Live preview</CardTitle>
              {savedDomain ? (
                <a
                  href={siteUrl(savedDomain)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label="Open site (opens in a new tab)"
                  className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  Open site
                  <ExternalLinkIcon className="size-4" aria-hidden="true" />
                </a>
              ) : null}
            </div>
          </CardHeader>
          <CardContent>
            <BrandPreview
              name={watched.name ?? ''}
              logo={watched.logo}
              theme={theme}
              contact={{
                email: watched.contact?.email ?? '',
                phone: watched.contact?.phone ?? '',
              }}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle level={2}>Contrast</CardTitle>
          </CardHeader>
          <CardContent>
            <ContrastPanel theme={theme} />
          </CardContent>
        </Card>
      </div>
    </aside>
  );
}
