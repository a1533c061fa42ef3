import { useId } from 'react';
import styled from 'styled-components';

const Button = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-width: 44px;
  min-height: 44px;
  padding: 0 6px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.text};
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  .track {
    position: relative;
    width: 36px;
    height: 20px;
    border-radius: 10px;
    background: ${({ theme }) => theme.border};
  }
  &[aria-checked='true'] .track {
    background: ${({ theme }) => theme.primary};
  }
  .track::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${({ theme }) => theme.text};
    transition: left 0.15s;
  }
  &[aria-checked='true'] .track::after {
    left: 18px;
  }
  @media (prefers-reduced-motion: reduce) {
    .track::after {
      transition: none;
    }
  }
`;

const StateText = styled.label`
  cursor: pointer;
  margin-inline-start: -4px;
`;

const Reason = styled.small`
  display: block;
  max-width: 18em;
  color: ${({ theme }) => theme.textMuted};
  white-space: normal;
`;

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  text?: string;
  /** Why a disabled switch cannot be turned on: shown under it and read with it. */
  reason?: string | null;
}

/** An on/off switch with an accessible name; the visible text is optional; a disabled one says why. */
export function Switch({ label, checked, onChange, disabled, text, reason }: SwitchProps) {
  const id = useId();
  const reasonId = useId();
  const why = disabled && reason ? reason : null;
  return (
    <>
      <Button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        disabled={disabled}
        aria-describedby={why ? reasonId : undefined}
        onClick={() => onChange(!checked)}
      >
        <span className="track" aria-hidden />
      </Button>
      {/* The state word sits beside the switch, not in it: inside, a voice user's "click Full" would find no
          control named so (the name says what the switch does). A tap on it still turns the switch. */}
      {text && (
        <StateText htmlFor={id} aria-hidden>
          {text}
        </StateText>
      )}
      {why && <Reason id={reasonId}>{why}</Reason>}
    </>
  );
}
