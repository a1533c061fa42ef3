import styled from 'styled-components';
import { useThemeChoice } from './theme-context';

const Toggle = styled.button`
  min-height: 44px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.surface};
  color: ${({ theme }) => theme.text};
  cursor: pointer;
`;

/** The compact light/dark switch of the public pages (account screens, pay pages). */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggle } = useThemeChoice();
  return (
    <Toggle type="button" role="switch" aria-checked={theme === 'light'} onClick={toggle} className={className}>
      Light theme
    </Toggle>
  );
}
