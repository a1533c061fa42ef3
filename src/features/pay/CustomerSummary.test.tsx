// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themes } from '../../ui/theme';
import { CustomerSummary, CustomerSummaryFrame } from './CustomerSummary';
import type { PayMeta } from './usePayDocuments';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const META = {
  anchor_name: 'Sarvodaya Consumer Products Ltd',
  anchor_id: 1,
  distributor_name: 'Shree Ganesh Traders',
  distributor_code: 'CS000361',
  loan_account_no: 'LAN9000000001',
  loan_account_status: 'active',
  sanctioned_limit: 50_000_000,
  overdue_amount: 0,
  overdue_days: null,
  credit_limit_utilised: 12_000_000,
  credit_limit_balance: 38_000_000,
  open_limit_customer: false,
  is_sales_order: false,
  require_otp: false,
  show_virtual_account_number: false,
  soa_link: 'https://example.test/statement',
} as unknown as PayMeta;

/** A viewport `width` px wide, as matchMedia reports it. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1]),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const renderSummary = () =>
  render(
    <ThemeProvider theme={themes.dark}>
      <CustomerSummary meta={META} />
    </ThemeProvider>,
  );

describe('CustomerSummary', () => {
  it('shows every figure on a wide screen, with no Details button', () => {
    viewport(1280);
    renderSummary();
    expect(screen.getByTestId('credit-balance').textContent).toBe('₹3,80,000.00');
    expect(screen.getByText('Sanctioned limit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Details/ })).toBeNull();
  });

  it('on a phone keeps the customer, credit balance and overdue in view and the rest behind Details', () => {
    viewport(390);
    renderSummary();
    expect(screen.getByRole('heading', { name: 'Shree Ganesh Traders (CS000361)' })).toBeTruthy();
    expect(screen.getByTestId('credit-balance')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    const details = screen.getByRole('button', { name: /Details/ });
    const panel = document.getElementById(details.getAttribute('aria-controls')!)!;
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(panel.textContent).toContain('Sanctioned limit');
    fireEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    fireEvent.click(details);
    expect(panel.hidden).toBe(true);
  });

  it('shows the customer’s and the anchor’s names isolated in <bdi>, so a direction character cannot reorder the code after it', () => {
    viewport(1280);
    render(
      <ThemeProvider theme={themes.dark}>
        <CustomerSummary
          meta={{ ...META, distributor_name: '\u202Eevil Traders', anchor_name: 'شركة الأمل' } as PayMeta}
        />
      </ThemeProvider>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    // The code stays outside the isolate, in the heading's own direction.
    expect(heading.querySelector('bdi')?.textContent).toBe('\u202Eevil Traders');
    expect(heading.textContent).toBe('\u202Eevil Traders (CS000361)');
    expect(screen.getByText('شركة الأمل').tagName).toBe('BDI');
  });

  it('before the answer, the frame has the page heading and the first figures’ labels, busy, with no value yet', () => {
    render(
      <ThemeProvider theme={themes.dark}>
        <CustomerSummaryFrame />
      </ThemeProvider>,
    );
    const frame = screen.getByRole('region', { name: 'Loading' });
    expect(frame.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Loading' })).toBeTruthy();
    expect(screen.getByText('Credit balance')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.queryByTestId('credit-balance')).toBeNull();
  });
});
