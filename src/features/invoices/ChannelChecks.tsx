import { useId } from 'react';
import styled from 'styled-components';
import { CHANNEL_LABELS, CHANNELS, type Channel } from '../../domain/reminders';

const Group = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: 4px;
    font-weight: 600;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
    cursor: pointer;
  }
  label[data-blocked='true'] {
    color: ${({ theme }) => theme.textMuted};
    cursor: not-allowed;
  }
  input {
    width: 20px;
    height: 20px;
  }
`;

/**
 * The notify-by channels. A channel the anchor's configuration blocks stays focusable but marked disabled
 * (aria-disabled) and unticked, so a click reaches the flow, which warns 'Please contact your admin to
 * unblock the {service} service.' (spec 1 §5).
 */
export function ChannelChecks(props: {
  legend: string;
  chosen: readonly Channel[];
  blocked: readonly Channel[];
  disabled?: boolean;
  onToggle: (channel: Channel) => void;
}) {
  const id = useId();
  return (
    <Group disabled={props.disabled}>
      <legend>{props.legend}</legend>
      {CHANNELS.map((channel) => {
        const blocked = props.blocked.includes(channel);
        return (
          <label key={channel} data-blocked={blocked}>
            <input
              type="checkbox"
              checked={!blocked && props.chosen.includes(channel)}
              aria-disabled={blocked || undefined}
              aria-describedby={blocked ? `${id}-${channel}` : undefined}
              // Controlled: a blocked box stays unticked whatever is clicked, and the flow warns.
              onChange={() => props.onToggle(channel)}
            />
            {CHANNEL_LABELS[channel]}
            {blocked && (
              <span id={`${id}-${channel}`} className="visually-hidden">
                (blocked by your admin)
              </span>
            )}
          </label>
        );
      })}
    </Group>
  );
}
