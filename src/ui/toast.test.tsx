// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { themes } from './theme';
import { Modal } from './Modal';
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

describe('toasts with a modal open', () => {
  const Page = ({ open }: { open: boolean }) => (
    <ThemeProvider theme={themes.dark}>
      <Modal open={open} title="Send Payment Links" onClose={() => {}}>
        <p>form</p>
      </Modal>
      <AppToaster />
    </ThemeProvider>
  );

  it('show inside the open dialog (the top layer), and back on the page once it closes', async () => {
    const { rerender } = render(<Page open />);
    const dialog = screen.getByRole('dialog', { name: 'Send Payment Links' });
    act(() => notify.errors([{ code: 'ERROR', detail: 'Please, select invoice and alert mode.' }]));
    const inDialog = await screen.findByText('ERROR: Please, select invoice and alert mode.');
    expect(dialog.contains(inDialog)).toBe(true);

    rerender(<Page open={false} />);
    const onPage = await screen.findByText('ERROR: Please, select invoice and alert mode.');
    expect(dialog.contains(onPage)).toBe(false);
  });
});
