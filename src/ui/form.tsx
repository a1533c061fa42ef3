import { useId, useState, type InputHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';

const primaryLook = css`
  min-height: 44px;
  padding: 0 20px;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.primary};
  background: ${({ theme }) => theme.primary};
  color: ${({ theme }) => theme.primaryText};
  font-weight: 600;
  cursor: pointer;
`;

export const Button = styled.button`
  ${primaryLook}
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  /* Disabled but focusable: pressing it says why it is disabled. */
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const GhostButton = styled(Button)`
  background: transparent;
  color: ${({ theme }) => theme.primary};
`;

/** A link that leads to another page's action, looking like the actions beside it (the onboarding cards). */
export const ButtonLink = styled(Link)`
  ${primaryLook}
  display: inline-flex;
  align-items: center;
  justify-self: start;
  text-decoration: none;
`;

/** A button that reads as a link inside a table cell (a customer name that opens its details). */
export const LinkButton = styled.button`
  min-height: 24px;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.primary};
  font-weight: 600;
  text-align: start;
  text-decoration: underline;
  cursor: pointer;
`;

const Field = styled.div`
  display: grid;
  gap: 4px;
  margin-bottom: 16px;
  label {
    font-weight: 600;
  }
`;

const InputRow = styled.div`
  display: flex;
  align-items: stretch;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.focus};
    outline-offset: 1px;
  }
  input {
    flex: 1;
    min-height: 44px;
    padding: 0 12px;
    border: 0;
    background: transparent;
    color: ${({ theme }) => theme.text};
    outline: none;
  }
  input::placeholder {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Toggle = styled.button`
  min-width: 64px;
  border: 0;
  border-left: 1px solid ${({ theme }) => theme.border};
  background: transparent;
  color: ${({ theme }) => theme.primary};
  cursor: pointer;
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.danger};
  font-size: 14px;
`;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  /** Adds a Show/Hide toggle for password fields. */
  revealable?: boolean;
}

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({ label, error, revealable = false, type, ...input }: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <InputRow>
        <input
          id={id}
          type={revealable ? (shown ? 'text' : 'password') : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {revealable && (
          <Toggle type="button" aria-pressed={shown} aria-label={`Show ${label}`} onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide' : 'Show'}
          </Toggle>
        )}
      </InputRow>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
