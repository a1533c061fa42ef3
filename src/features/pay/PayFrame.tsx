import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useThemeChoice } from '../../app/theme-context';
import { config } from '../../config';

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 16px;
  background: ${({ theme }) => theme.surface};
  border-bottom: 1px solid ${({ theme }) => theme.border};
  strong { font-size: 18px; }
`;

const Switch = styled.button`
  min-height: 44px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.text};
  cursor: pointer;
`;

const productName = config.product.charAt(0).toUpperCase() + config.product.slice(1);

/** The pay pages' frame: the payment-gateway header and the theme switch (kept in local storage). */
export function PayFrame({ children }: { children: ReactNode }) {
  const { theme, toggle } = useThemeChoice();
  return (
    <>
      <Header>
        <strong>{productName} Pay</strong>
        <Switch type="button" role="switch" aria-checked={theme === 'light'} onClick={toggle}>
          Light theme
        </Switch>
      </Header>
      <main style={{ padding: 16 }}>{children}</main>
    </>
  );
}
