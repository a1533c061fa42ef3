import { useRef, type KeyboardEvent } from 'react';
import type { PayTab } from '../../domain/pay';
import { GhostButton } from '../../ui/form';
import { Tabs } from './styles';

/**
 * The pay page's tabs: open and closed documents, and the partial ones when there are any. The ARIA tabs
 * pattern: one tab stop (the chosen tab), arrow keys and Home / End move to another tab and choose it.
 */
export function PayTabs({
  tab,
  label,
  partialCount,
  onTab,
}: {
  tab: PayTab;
  label: string;
  partialCount: number | undefined;
  onTab: (tab: PayTab) => void;
}) {
  const tabs: [PayTab, string][] = [
    ['open', `Open ${label}s`],
    ['closed', `Closed ${label}s`],
  ];
  if (partialCount) tabs.push(['partial', `Partial (${partialCount})`]);
  const buttons = useRef(new Map<PayTab, HTMLButtonElement | null>());
  // The tab stop: the chosen tab, or the first when the chosen one is not shown (a partial tab with no items).
  const index = Math.max(
    0,
    tabs.findIndex(([value]) => value === tab),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const to =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tabs.length - 1
          : step === undefined
            ? null
            : (index + step + tabs.length) % tabs.length;
    if (to === null) return;
    event.preventDefault();
    const [next] = tabs[to]!;
    onTab(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <Tabs role="tablist" aria-label={`${label}s`} onKeyDown={onKeyDown}>
      {tabs.map(([value, text], at) => (
        <GhostButton
          key={value}
          ref={(el) => void buttons.current.set(value, el)}
          type="button"
          role="tab"
          aria-selected={tab === value}
          tabIndex={at === index ? 0 : -1}
          onClick={() => onTab(value)}
        >
          {text}
        </GhostButton>
      ))}
    </Tabs>
  );
}
