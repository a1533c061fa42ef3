import { useRef, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { isIsoDate, parseDisplayDate, toDisplayDate } from '../domain/dates';
import { controlStyle } from './controls';

const Wrap = styled.span`
  position: relative;
  display: inline-flex;
  align-items: stretch;
  gap: 4px;
  max-width: 100%;
`;

const Text = styled.input`
  ${controlStyle}
  width: 8.5em;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  font-variant-numeric: tabular-nums;
  &::placeholder {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const CalendarButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.text};
  cursor: pointer;
  display: inline-grid;
  place-items: center;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

/* The browser's own calendar, opened by the button: laid under it so the popup opens there, never seen. */
const Picker = styled.input`
  position: absolute;
  right: 0;
  bottom: 0;
  width: 44px;
  height: 44px;
  opacity: 0;
  pointer-events: none;
  color-scheme: ${({ theme }) => theme.name};
`;

/** A drawn icon, not an emoji: not every phone or Linux desktop has an emoji font. */
function CalendarIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

type TextProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby' | 'disabled'>;

export interface DateFieldProps extends TextProps {
  id: string;
  /** What the date is, for the calendar button ('Invoice date'). */
  label: string;
  /** An ISO date once the text is a real date in dd/mm/yyyy (or one was picked); else the text as typed. */
  value: string;
  onChange: (value: string) => void;
  /** ISO bounds for the calendar. */
  min?: string;
  max?: string;
  /** The date may only be picked from the calendar (the text shows it; keys open the calendar or clear it). */
  pickerOnly?: boolean;
}

/**
 * The one date input. The browser's date input shows its own locale's order (mm/dd/yyyy on an en-US
 * browser); this app is en-IN, so dates are typed and shown dd/mm/yyyy, and a calendar button opens the
 * browser's picker for those who would rather click. The value is ISO as soon as it is a real date.
 * `pickerOnly` fields show the date the same way but take it from the calendar alone.
 */
export function DateField({ id, label, value, onChange, min, max, pickerOnly = false, ...text }: DateFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const iso = isIsoDate(value);
  const openPicker = () => picker.current?.showPicker();
  const pickerKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      onChange('');
    }
  };
  return (
    <Wrap>
      <Text
        {...text}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        maxLength={10}
        value={iso ? toDisplayDate(value) : value}
        onChange={(event) => onChange(parseDisplayDate(event.target.value) ?? event.target.value)}
        {...(pickerOnly && { readOnly: true, inputMode: 'none' as const, onClick: openPicker, onKeyDown: pickerKeys })}
      />
      <CalendarButton
        type="button"
        aria-label={`Choose ${label} from a calendar`}
        disabled={text.disabled}
        onClick={openPicker}
      >
        <CalendarIcon />
      </CalendarButton>
      <Picker
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={iso ? value : ''}
        min={min}
        max={max}
        onChange={(event) => event.target.value && onChange(event.target.value)}
      />
    </Wrap>
  );
}
