import { Fragment, useId } from 'react';
import type { DistributorDetails } from '../../api/codecs/invoices';
import { formatMoney, formatShortMoney } from '../../domain/money';
import { ErrorMessage } from '../../ui/LoadFailed';
import { GhostButton } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';
import { useDistributorDetails } from './hooks';
import { LoadError, PageCard } from './layout';

const FIGURES: readonly { key: keyof DistributorDetails; label: string }[] = [
  { key: 'total_available_limit_for_drawdown', label: 'Available for drawdown from total unutilised limit' },
  { key: 'available_for_overdue_by_30', label: 'Available for customers with 30+ receivable outstanding' },
  { key: 'available_for_overdue_by_90', label: 'Available for customers with 90+ receivable outstanding' },
];

/**
 * The distributor utilisation card (spec 1 §2.6, §3 'Distributor detail'): what customers may still draw from
 * their unutilised limits, and how much of that sits with customers whose receivables are 30+ and 90+ days
 * overdue. Short amounts, the exact amount in the tooltip.
 */
export function DistributorUtilisationCard() {
  const { data, error, mutate } = useDistributorDetails();
  const titleId = useId();
  return (
    <PageCard
      as="section"
      aria-labelledby={titleId}
      data-testid="distributor-utilisation"
      aria-busy={data === undefined && error === undefined}
    >
      <h2 id={titleId}>Distributor Utilisation</h2>
      <dl>
        {FIGURES.map((figure) => (
          <Fragment key={figure.key}>
            <dt>{figure.label}</dt>
            <dd data-testid={`utilisation-${figure.key}`} title={data ? formatMoney(data[figure.key]) : undefined}>
              {data ? (
                formatShortMoney(data[figure.key])
              ) : error === undefined ? (
                <Skeleton $width="90px" $height="20px" />
              ) : (
                '-'
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
      {error !== undefined && data === undefined && (
        <LoadError role="alert">
          <ErrorMessage error={error} />
          <GhostButton type="button" onClick={() => void mutate()}>
            Retry
          </GhostButton>
        </LoadError>
      )}
    </PageCard>
  );
}
