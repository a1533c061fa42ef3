import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { GhostButton } from './form';

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
  button[aria-selected='true'] {
    background: ${({ theme }) => theme.primary};
    color: ${({ theme }) => theme.primaryText};
    border-color: ${({ theme }) => theme.primary};
  }
`;

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs with the ARIA tabs pattern: one tab stop, arrow keys (and Home / End) move between tabs and select
 * them, the panel is named by its tab. Which tab is chosen is the caller's state (often the URL).
 */
export function Tabs<K extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === value),
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
    const next = tabs[to]!.key;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <GhostButton
            key={tab.key}
            ref={(el) => void refs.current.set(tab.key, el)}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === value ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </GhostButton>
        ))}
      </List>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs[index]?.key ?? ''}`}>
        {children}
      </div>
    </>
  );
}
