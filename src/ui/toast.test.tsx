// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { themes } from './theme';
import { AppToaster, notify } from './toast';

afterEach(cleanup);

describe('toasts', () => {
  it('load their library with the first toast: the toaster shows nothing before, then the message as CODE: detail', async () => {
    const { container } = render(
      <ThemeProvider theme={themes.dark}>
        <AppToaster />
      </ThemeProvider>,
    );
    expect(container.innerHTML).toBe('');
    act(() => notify.errors([{ code: 'ER-1', detail: 'first' }]));
    expect(await screen.findByText('ER-1: first')).toBeTruthy();
    act(() => notify.success('Saved.'));
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });
});
