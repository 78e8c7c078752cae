import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { buttonVariants } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { newsletterCsvUrl, useBackOfficeAccess, useNewsletter } from '../api/back-office';
import type { NewsletterSearch } from '../lib/back-office-search';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, ListState, Pagination } from './back-office-parts';
import { NewsletterSubscriber } from './newsletter-subscriber';
import { UnsubscribeDialog } from './unsubscribe-dialog';

const PAGE_SIZE = 50;

/** `/admin/newsletter`: subscribers per brand, their consent date, the CSV export, unsubscribe. */
export function NewsletterPage({
  search,
  onSearch,
}: {
  search: NewsletterSearch;
  onSearch: (next: NewsletterSearch) => void;
}) {
  const subscribers = useNewsletter({ ...search, pageSize: PAGE_SIZE });
  const [leaving, setLeaving] = useState<{ id: string; email: string } | null>(null);
  const data = subscribers.data;
  return (
    <BackOfficeLayout
      title="Newsletter"
      description="Who subscribed, and when (the date they consented). The export holds every subscriber of the brands shown."
      actions={
        <a
          href={newsletterCsvUrl(search.brandId)}
          download
          className={buttonVariants({ variant: 'outline' })}
        >
          <DownloadIcon aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      <NewsletterFilters search={search} onSearch={onSearch} />
      <ListState
        query={subscribers}
        isEmpty={!data || data.items.length === 0}
        empty="No subscribers."
        failure="Failed to load subscribers."
      >
        {data ? (
          <div className="grid gap-4">
            <ul className="divide-y divide-border rounded-lg border border-border">
              {data.items.map((s) => (
                <NewsletterSubscriber key={s.id} subscriber={s} onUnsubscribe={setLeaving} />
              ))}
            </ul>
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => onSearch({ ...search, page })}
            />
          </div>
        ) : null}
      </ListState>
      <UnsubscribeDialog leaving={leaving} onClose={() => setLeaving(null)} />
    </BackOfficeLayout>
  );
}

function NewsletterFilters({
  search,
  onSearch,
}: {
  search: NewsletterSearch;
  onSearch: (next: NewsletterSearch) => void;
}) {
  const access = useBackOfficeAccess();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Show">
        <NativeSelect
          value={search.status ?? ''}
          onChange={(e) =>
            onSearch({
              ...search,
              status: (e.target.value || undefined) as NewsletterSearch['status'],
              page: undefined,
            })
          }
        >
          <option value="">Everyone</option>
          <option value="subscribed">Subscribed</option>
          <option value="unsubscribed">Unsubscribed</option>
        </NativeSelect>
      </Field>
      <BrandSelect
        brands={access.data?.brands ?? []}
        value={search.brandId}
        onChange={(brandId) => onSearch({ ...search, brandId, page: undefined })}
      />
    </div>
  );
}
