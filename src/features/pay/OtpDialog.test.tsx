// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themes } from '../../ui/theme';
import { OtpDialog, type OtpDialogProps } from './OtpDialog';

afterEach(cleanup);

function renderDialog(props: Partial<OtpDialogProps>) {
  const onOtp = vi.fn();
  const all: OtpDialogProps = {
    open: true,
    verifying: false,
    sending: false,
    error: null,
    onOtp,
    onResend: vi.fn(),
    onCancel: vi.fn(),
    ...props,
  };
  const view = render(
    <ThemeProvider theme={themes.dark}>
      <OtpDialog {...all} />
    </ThemeProvider>,
  );
  const rerender = (next: Partial<OtpDialogProps>) =>
    view.rerender(
      <ThemeProvider theme={themes.dark}>
        <OtpDialog {...all} {...next} />
      </ThemeProvider>,
    );
  return { onOtp, rerender, field: screen.getByLabelText('OTP') };
}

describe('OtpDialog', () => {
  it('sends the OTP as soon as six digits are typed', () => {
    const { onOtp, field } = renderDialog({});
    fireEvent.change(field, { target: { value: '12 34-5' } });
    expect(onOtp).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '123456' } });
    expect(onOtp).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('keeps six digits typed while the OTP is still being sent, and sends them once it is', () => {
    const { onOtp, field, rerender } = renderDialog({ sending: true, verifying: true });
    fireEvent.change(field, { target: { value: '654321' } });
    expect(onOtp).not.toHaveBeenCalled();
    rerender({ sending: false, verifying: false });
    expect(onOtp).toHaveBeenCalledExactlyOnceWith('654321');
    rerender({ sending: false, verifying: false });
    expect(onOtp).toHaveBeenCalledTimes(1);
  });

  it('does not send digits cut short while the OTP was being sent', () => {
    const { onOtp, field, rerender } = renderDialog({ sending: true, verifying: true });
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.change(field, { target: { value: '65432' } });
    rerender({ sending: false, verifying: false });
    expect(onOtp).not.toHaveBeenCalled();
  });
});
