import styled from 'styled-components';

const Star = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.warning};
  font-size: 22px;
  cursor: pointer;
`;

/** A row's star (spec 1 §4 'Star toggle'): a toggle button whose pressed state is the starred flag. */
export function StarToggle({ starred, label, onToggle }: { starred: boolean; label: string; onToggle: () => void }) {
  return (
    <Star type="button" aria-pressed={starred} aria-label={label} onClick={onToggle}>
      {starred ? '★' : '☆'}
    </Star>
  );
}
