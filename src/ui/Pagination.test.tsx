// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';
import { themes } from './theme';

afterEach(cleanup);

const pager = (pagy: Parameters<typeof Pagination>[0]['pagy'], onPage = vi.fn()) =>
  render(
    <ThemeProvider theme={themes.dark}>
      <Pagination pagy={pagy} onPage={onPage} label="Repayments" unit="repayments" reserve />
    </ThemeProvider>,
  );

describe('Pagination', () => {
  it('names each button with its visible words, so a voice command of what is shown reaches it', () => {
    const onPage = vi.fn();
    pager({ page: 2, count: 25, pages: 3, prev: 1, next: 3 }, onPage);
    for (const [name, page] of [
      ['Previous page', 1],
      ['Next page', 3],
    ] as const) {
      const button = screen.getByRole('button', { name });
      const visibleWords = (button.textContent ?? '').replace(/[‹›]/g, '').trim();
      expect(name.toLowerCase()).toContain(visibleWords.toLowerCase());
      fireEvent.click(button);
      expect(onPage).toHaveBeenLastCalledWith(page);
    }
  });

  it('shows no footer under an empty list', () => {
    pager({ page: 1, count: 0, pages: 1, prev: null, next: null });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText(/Showing/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
