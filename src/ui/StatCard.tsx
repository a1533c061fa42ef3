import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

const card = css`
  display: grid;
  gap: 4px;
  align-content: start;
  min-height: 110px;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  text-align: start;
  .label {
    color: ${({ theme }) => theme.textMuted};
    font-weight: 600;
  }
  .value {
    font-size: 24px;
    font-weight: 800;
  }
  .sub {
    color: ${({ theme }) => theme.textMuted};
    font-size: 14px;
  }
`;

const StaticCard = styled.div`
  ${card}
`;

const ButtonCard = styled.button`
  ${card}
  font: inherit;
  cursor: pointer;
  &[aria-expanded='true'] {
    border-color: ${({ theme }) => theme.primary};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.primary};
  }
`;

export const CardGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
`;

interface StatCardProps {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  /** A card that opens something (a chart, a modal) is a button. */
  onClick?: () => void;
  expanded?: boolean;
  controls?: string;
  testId?: string;
}

/** A figure card: label, big value, a line under it. Clickable cards are buttons. */
export function StatCard({ label, value, sub, onClick, expanded, controls, testId }: StatCardProps) {
  const body = (
    <>
      <span className="label">{label}</span>
      <span className="value">{value}</span>
      {sub !== undefined && <span className="sub">{sub}</span>}
    </>
  );
  return onClick ? (
    <ButtonCard type="button" onClick={onClick} aria-expanded={expanded} aria-controls={controls} data-testid={testId}>
      {body}
    </ButtonCard>
  ) : (
    <StaticCard data-testid={testId}>{body}</StaticCard>
  );
}
