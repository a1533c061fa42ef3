import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyle } from '../controls';
import { FieldError } from '../form';

/**
 * The admin forms' fields (add user, add bank account): a label, the control, a hint or note and the
 * error under it, all tied to the control (aria-describedby, aria-invalid). The grid is one column on a
 * phone and two where there is room; nothing in it is wider than the modal.
 */

export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: 0 16px;
  min-width: 0;
`;

const Field = styled.div`
  display: grid;
  align-content: start;
  gap: 4px;
  min-width: 0;
  margin-bottom: 16px;
  label {
    font-weight: 600;
  }
  input,
  select {
    ${controlStyle}
    width: 100%;
    min-width: 0;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surfaceRaised};
    color: ${({ theme }) => theme.text};
  }
  input::placeholder {
    color: ${({ theme }) => theme.textMuted};
  }
  input[readonly] {
    background: transparent;
    border-style: dashed;
  }
  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.danger};
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.textMuted};
  font-size: 13px;
`;

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  /** A line under the control (the format, a note); read with the control. */
  hint?: ReactNode;
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((part) => part !== null).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Field>
  );
}

interface FormTextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function FormTextField({ label, error, hint, ...input }: FormTextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}

interface FormSelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The choices in order: value and label. */
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ('Select …'); none when the field always has a value. */
  placeholder?: string;
}

export function FormSelectField({ label, error, hint, options, placeholder, ...select }: FormSelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** The form's buttons, at its end; they wrap on a phone. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;
