import styled from 'styled-components';

export type RiskGrade = 'L' | 'M' | 'H' | 'R';

/** Spec: L Low (green), M Medium (orange), H High (red), R shown as R with the tooltip 'Need more data'. */
const GRADES: Record<RiskGrade, { text: string; tone: 'success' | 'warning' | 'danger' | 'textMuted'; tip?: string }> =
  {
    L: { text: 'Low', tone: 'success' },
    M: { text: 'Medium', tone: 'warning' },
    H: { text: 'High', tone: 'danger' },
    R: { text: 'R', tone: 'textMuted', tip: 'Need more data' },
  };

const Badge = styled.span<{ $tone: 'success' | 'warning' | 'danger' | 'textMuted' }>`
  position: relative;
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  border: 1px solid ${({ theme, $tone }) => theme[$tone]};
  color: ${({ theme, $tone }) => theme[$tone]};
  font-weight: 700;
  font-size: 13px;
  &[data-tip]:hover::after,
  &[data-tip]:focus-visible::after {
    content: attr(data-tip);
    position: absolute;
    left: 50%;
    bottom: calc(100% + 6px);
    transform: translateX(-50%);
    padding: 4px 8px;
    border-radius: 6px;
    white-space: nowrap;
    background: ${({ theme }) => theme.text};
    color: ${({ theme }) => theme.background};
    font-weight: 400;
  }
`;

export function RiskBadge({ grade }: { grade: RiskGrade | null | undefined }) {
  if (!grade) return <span>-</span>;
  const { text, tone, tip } = GRADES[grade];
  return tip ? (
    <Badge $tone={tone} data-tip={tip} title={tip} tabIndex={0}>
      {text}
      <span className="visually-hidden">: {tip}</span>
    </Badge>
  ) : (
    <Badge $tone={tone}>{text}</Badge>
  );
}
