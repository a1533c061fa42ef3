import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { config } from '../../config';

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 16px;
  background: ${({ theme }) => theme.surface};
  border-bottom: 1px solid ${({ theme }) => theme.border};
  strong {
    font-size: 18px;
  }
`;

const productName = config.product.charAt(0).toUpperCase() + config.product.slice(1);

/** The pay pages' frame: the payment-gateway header and the theme switch (kept in local storage). */
export function PayFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <Header>
        <strong>{productName} Pay</strong>
        <ThemeToggle />
      </Header>
      <main style={{ padding: 16 }}>{children}</main>
    </>
  );
}
