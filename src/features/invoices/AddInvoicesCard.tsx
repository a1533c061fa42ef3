import { useId, useState } from 'react';
import { UPLOAD_TEXTS } from '../../domain/csv';
import { formatDate } from '../../lib/format';
import { CsvUploadModal } from '../../ui/csv-upload/CsvUploadModal';
import { Button, GhostButton } from '../../ui/form';
import { ErrorMessage } from '../../ui/LoadFailed';
import { Skeleton } from '../../ui/Skeleton';
import { useInvoices } from './hooks';
import { LoadError, PageCard } from './layout';
import { DEFAULT_DUE_FILTER } from '../../api/invoice-queries';

/**
 * 'Add New Invoices' (spec 1 §2.6): when invoices last arrived ('-' if never) and 'Upload via CSV', which
 * opens the upload modal. The date is the due list's meta `last_invoices_upload`, read with the Invoices Due
 * table's default query so both share one request; a processed upload revalidates it. The provider sends
 * the pipeline the same date (`last_uploaded_invoice`), shown the same way.
 */
export function AddInvoicesCard() {
  const list = useInvoices({ filter: DEFAULT_DUE_FILTER, region: 'all', search: '', page: 1 });
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const loading = list.data === undefined && list.error === undefined;
  return (
    <PageCard as="section" aria-labelledby={titleId} data-testid="add-invoices-card">
      <h2 id={titleId}>{UPLOAD_TEXTS.card}</h2>
      <dl>
        <dt>{UPLOAD_TEXTS.lastReceived}</dt>
        <dd data-testid="last-invoice-received" aria-busy={loading}>
          {loading ? <Skeleton $width="110px" $height="20px" /> : formatDate(list.data?.meta.last_invoices_upload)}
        </dd>
      </dl>
      {list.error !== undefined && list.data === undefined && (
        <LoadError role="alert">
          <ErrorMessage error={list.error} />
          <GhostButton type="button" onClick={() => void list.mutate()}>
            Retry
          </GhostButton>
        </LoadError>
      )}
      <div className="actions">
        <Button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {UPLOAD_TEXTS.button}
        </Button>
      </div>
      <CsvUploadModal open={open} onClose={() => setOpen(false)} />
    </PageCard>
  );
}
