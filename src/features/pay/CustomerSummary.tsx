import { useId, useState } from 'react';
import { isOverdueView } from '../../domain/pay';
import { formatMoney, paiseToRupees } from '../../domain/money';
import { config } from '../../config';
import { orMissing } from '../../lib/format';
import { Button, GhostButton } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';
import { collectionsBase, collectionsLink } from './redirects';
import { Box } from './styles';
import { useNarrowScreen } from './useNarrowScreen';
import type { PayMeta } from './usePayDocuments';

/** The collections page where an overdue customer clears the dues, or null when none may be opened. */
function clearDuesLink(meta: PayMeta): string | null {
  return collectionsLink(
    collectionsBase(config.collectionsUrl, {
      dev: config.allowLocalGateway,
      apiBaseUrl: config.apiBaseUrl,
      origin: window.location.origin,
    }),
    { loan_id: String(meta.loan_application_id ?? ''), loan_amount: paiseToRupees(meta.overdue_amount ?? 0) },
    { allowedOrigins: config.collectionsOrigins, dev: config.allowLocalGateway },
  );
}

/**
 * The pay page's header: the customer, the loan account and its figures; in the overdue view, 'Clear Credit
 * Dues'. The customer, the credit balance and the overdue come first; on a phone the rest (anchor, loan
 * account, limits, statement) waits behind 'Details', so the documents are on the first screen.
 */
export function CustomerSummary({ meta }: { meta: PayMeta }) {
  const overdueView = isOverdueView(meta.overdue_amount);
  const clearDues = overdueView ? clearDuesLink(meta) : null;
  const narrow = useNarrowScreen();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = `${useId()}-details`;
  return (
    <Box aria-labelledby="customer-title">
      <h1 id="customer-title">
        <bdi>{meta.distributor_name}</bdi> ({meta.distributor_code})
      </h1>
      <dl>
        <div>
          <dt>Credit balance</dt>
          <dd data-testid="credit-balance">{formatMoney(meta.credit_limit_balance)}</dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd>
            {formatMoney(meta.overdue_amount)}
            {meta.overdue_days ? ` · ${meta.overdue_days} days` : ''}
          </dd>
        </div>
      </dl>
      {overdueView && (
        <p role="alert" className="late">
          Your credit line has overdue dues of {formatMoney(meta.overdue_amount)}.{' '}
          <Button
            type="button"
            disabled={!clearDues}
            onClick={() => clearDues && window.open(clearDues, '_blank', 'noopener')}
          >
            Clear Credit Dues
          </Button>
        </p>
      )}
      {narrow && (
        <GhostButton
          type="button"
          aria-expanded={detailsOpen}
          aria-controls={detailsId}
          onClick={() => setDetailsOpen((open) => !open)}
        >
          Details <span aria-hidden>{detailsOpen ? '▴' : '▾'}</span>
        </GhostButton>
      )}
      <dl id={detailsId} hidden={narrow && !detailsOpen}>
        <div>
          <dt>Anchor</dt>
          <dd>
            <bdi>{meta.anchor_name}</bdi>
          </dd>
        </div>
        <div>
          <dt>Loan account</dt>
          <dd>
            {orMissing(meta.loan_account_no)} · {orMissing(meta.loan_account_status)}
          </dd>
        </div>
        <div>
          <dt>Sanctioned limit</dt>
          <dd>{formatMoney(meta.sanctioned_limit)}</dd>
        </div>
        <div>
          <dt>Credit utilised</dt>
          <dd>{formatMoney(meta.credit_limit_utilised)}</dd>
        </div>
        {meta.soa_link && (
          <div>
            <dt>Statement</dt>
            <dd>
              <a href={meta.soa_link} target="_blank" rel="noreferrer">
                View statement
              </a>
            </dd>
          </div>
        )}
      </dl>
    </Box>
  );
}

/**
 * The header's frame while the pay link's answer is on its way: the same box, heading and first figures as
 * CustomerSummary, their values still loading, so the page has its shape before the answer.
 */
export function CustomerSummaryFrame() {
  return (
    <Box aria-labelledby="customer-title" aria-busy="true">
      <h1 id="customer-title">
        <span className="visually-hidden">Loading</span>
        <Skeleton $width="60%" $height="1.2em" aria-hidden />
      </h1>
      <dl>
        <div>
          <dt>Credit balance</dt>
          <dd>
            <Skeleton $width="8em" aria-hidden />
          </dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd>
            <Skeleton $width="6em" aria-hidden />
          </dd>
        </div>
      </dl>
    </Box>
  );
}
