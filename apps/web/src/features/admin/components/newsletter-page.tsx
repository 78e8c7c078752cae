import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/toast';
import {
  newsletterCsvUrl,
  useBackOfficeAccess,
  useNewsletter,
  useUnsubscribe,
} from '../api/back-office';
import type { NewsletterSearch } from '../lib/back-office-search';
import { formatDateTime } from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, errorText, ListState, Pagination } from './back-office-parts';

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
  const access = useBackOfficeAccess();
  const unsubscribe = useUnsubscribe();
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
                <li
                  key={s.id}
                  className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
                >
                  <div className="grid gap-0.5">
                    <span className="font-medium break-all text-foreground">{s.email}</span>
                    <span className="text-muted-foreground">
                      {`${s.brand.name} · subscribed ${formatDateTime(s.subscribedAt)}${s.unsubscribedAt ? ` · unsubscribed ${formatDateTime(s.unsubscribedAt)}` : ''}`}
                    </span>
                  </div>
                  {s.unsubscribedAt ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setLeaving({ id: s.id, email: s.email })}
                    >
                      Unsubscribe
                    </Button>
                  )}
                </li>
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
      <AlertDialog
        open={leaving !== null}
        onOpenChange={(open) => (open ? undefined : setLeaving(null))}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Unsubscribe this address?</AlertDialogTitle>
            <AlertDialogDescription>
              {`${leaving?.email ?? ''} will get no more newsletters. The export keeps the date it left.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep subscribed</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={unsubscribe.isPending}
              onClick={() => {
                if (!leaving) return;
                unsubscribe.mutate(leaving.id, {
                  onSuccess: () => {
                    toast('Unsubscribed', { description: leaving.email });
                    setLeaving(null);
                  },
                  onError: (error) => toast.error('Error', { description: errorText(error) }),
                });
              }}
            >
              Unsubscribe
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </BackOfficeLayout>
  );
}
