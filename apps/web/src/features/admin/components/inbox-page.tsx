import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { useBackOfficeAccess, useEnquiries } from '../api/back-office';
import type { EnquiriesSearch } from '../lib/back-office-search';
import { enquiryKindLabels } from '../lib/enquiry-texts';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, ListState, Pagination } from './back-office-parts';
import { Enquiry } from './inbox-enquiry';

const PAGE_SIZE = 20;

/**
 * `/admin/inbox`: contact and support messages and retrieve-booking look-ups per brand, open or
 * answered, and replies.
 */
export function InboxPage({
  search,
  onSearch,
}: {
  search: EnquiriesSearch;
  onSearch: (next: EnquiriesSearch) => void;
}) {
  const status = search.status ?? 'open';
  const enquiries = useEnquiries({ ...search, status, pageSize: PAGE_SIZE });
  const data = enquiries.data;
  return (
    <BackOfficeLayout
      title="Inbox"
      description="Messages from the contact and support forms, and searches for a booking by reference and e-mail address. A reply is e-mailed to the sender in the brand's name."
    >
      <InboxFilters search={search} status={status} onSearch={onSearch} />
      <ListState
        query={enquiries}
        isEmpty={!data || data.items.length === 0}
        empty={status === 'open' ? 'No open messages.' : 'No answered messages.'}
        failure="Failed to load messages."
      >
        {data ? (
          <div className="grid gap-4">
            <ul className="grid gap-4">
              {data.items.map((enquiry) => (
                <li key={enquiry.id}>
                  <Enquiry enquiry={enquiry} />
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
    </BackOfficeLayout>
  );
}

function InboxFilters({
  search,
  status,
  onSearch,
}: {
  search: EnquiriesSearch;
  /** The status shown: the search's, open by default. */
  status: 'open' | 'answered';
  onSearch: (next: EnquiriesSearch) => void;
}) {
  const access = useBackOfficeAccess();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Show">
        <NativeSelect
          value={status}
          onChange={(e) =>
            onSearch({
              ...search,
              status: e.target.value as 'open' | 'answered',
              page: undefined,
            })
          }
        >
          <option value="open">Open</option>
          <option value="answered">Answered</option>
        </NativeSelect>
      </Field>
      <Field label="Type">
        <NativeSelect
          value={search.kind ?? ''}
          onChange={(e) =>
            onSearch({
              ...search,
              kind:
                e.target.value === ''
                  ? undefined
                  : (e.target.value as NonNullable<EnquiriesSearch['kind']>),
              page: undefined,
            })
          }
        >
          <option value="">All</option>
          <option value="contact">{enquiryKindLabels.contact}</option>
          <option value="support">{enquiryKindLabels.support}</option>
          <option value="lookup">{enquiryKindLabels.lookup}</option>
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
