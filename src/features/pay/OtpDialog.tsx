import { useEffect, useRef, useState } from 'react';
import { OTP_LENGTH } from '../../../machines/pay-checkout/pay-checkout.machine';
import { toastText, type ErrorEntry } from '../../domain/errors';
import { Button, FieldError, GhostButton } from '../../ui/form';
import { Modal } from '../../ui/Modal';

export interface OtpDialogProps {
  open: boolean;
  /** The OTP is being sent or checked: the dialog cannot be closed and its buttons wait. */
  verifying: boolean;
  /** The OTP is being sent: digits typed meanwhile (an SMS can beat the answer) are checked once it is sent. */
  sending: boolean;
  /** Why the last OTP was refused, shown under the field. */
  error: readonly ErrorEntry[] | null;
  onOtp: (otp: string) => void;
  onResend: () => void;
  onCancel: () => void;
}

/**
 * The OTP step of a credit draw: digits only, sent as soon as all six are typed (or on Verify), with Resend.
 * Focus starts in the field; a refusal is announced and selects the digits, so typing the right OTP
 * replaces them; Resend puts focus back in the emptied field. All six typed while the OTP is still being sent
 * are sent as soon as it is.
 */
export function OtpDialog({ open, verifying, sending, error, onOtp, onResend, onCancel }: OtpDialogProps) {
  const [otp, setOtp] = useState('');
  // A closed dialog forgets the digits: the next credit attempt starts with an empty field.
  if (!open && otp !== '') setOtp('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) input.current?.select();
  }, [error]);
  const typedWhileSending = useRef(false);
  useEffect(() => {
    if (sending || !typedWhileSending.current) return;
    typedWhileSending.current = false;
    if (otp.length === OTP_LENGTH) onOtp(otp);
  }, [sending, otp, onOtp]);
  return (
    <Modal open={open} closable={!verifying} title="Enter OTP" onClose={onCancel}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (otp.length === OTP_LENGTH) onOtp(otp);
        }}
      >
        <p>We have sent a {OTP_LENGTH}-digit OTP to the mobile number of your loan account.</p>
        <label htmlFor="otp-input">OTP</label>{' '}
        <input
          ref={input}
          id="otp-input"
          data-autofocus
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'otp-error' : undefined}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
            setOtp(digits);
            if (digits.length !== OTP_LENGTH) return;
            if (sending) typedWhileSending.current = true;
            else onOtp(digits);
          }}
          style={{ minHeight: 44, fontSize: 20, letterSpacing: 6, width: 160 }}
        />
        {error && (
          <FieldError id="otp-error" role="alert">
            {toastText(error)}
          </FieldError>
        )}
        <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="submit" disabled={verifying || otp.length !== OTP_LENGTH} aria-busy={verifying}>
            {verifying ? 'Verifying…' : 'Verify'}
          </Button>
          <GhostButton
            type="button"
            disabled={verifying}
            onClick={() => {
              setOtp('');
              onResend();
              input.current?.focus();
            }}
          >
            Resend OTP
          </GhostButton>
        </p>
      </form>
    </Modal>
  );
}
