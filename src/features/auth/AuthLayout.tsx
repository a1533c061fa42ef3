import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ThemeToggle } from '../../ui/ThemeToggle';

const Page = styled.main`
  min-height: 100%;
  display: grid;
  place-items: center;
  padding: 24px;
`;

const Card = styled.section`
  width: min(420px, 100%);
  padding: 32px;
  border-radius: 16px;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  h1 {
    font-size: 24px;
    margin: 0 0 8px;
  }
  h2 {
    font-size: 18px;
    margin: 0 0 24px;
    color: ${({ theme }) => theme.textMuted};
  }
`;

export const AuthFooter = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  flex-wrap: wrap;
  gap: 16px;
`;

const CornerToggle = styled(ThemeToggle)`
  position: fixed;
  top: 12px;
  right: 12px;
`;

/** The frame of the login, forgot and reset pages: one card, a heading and a subtitle. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Page>
      <CornerToggle />
      <Card aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {subtitle && <h2>{subtitle}</h2>}
        {children}
      </Card>
    </Page>
  );
}
