import type { PayTab } from '../../domain/pay';
import { GhostButton } from '../../ui/form';
import { Tabs } from './styles';

/** The pay page's tabs: open and closed documents, and the partial ones when there are any. */
export function PayTabs({ tab, label, partialCount, onTab }: { tab: PayTab; label: string; partialCount: number | undefined; onTab: (tab: PayTab) => void }) {
  const tabs: [PayTab, string][] = [['open', `Open ${label}s`], ['closed', `Closed ${label}s`]];
  if (partialCount) tabs.push(['partial', `Partial (${partialCount})`]);
  return (
    <Tabs role="tablist" aria-label={`${label}s`}>
      {tabs.map(([value, text]) => (
        <GhostButton key={value} type="button" role="tab" aria-selected={tab === value} onClick={() => onTab(value)}>
          {text}
        </GhostButton>
      ))}
    </Tabs>
  );
}
