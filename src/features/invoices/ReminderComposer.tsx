import { useId, useState } from 'react';
import styled from 'styled-components';
import { REMINDER_TEXT, REMINDER_TIMES, REMINDER_TYPE_LABELS, REMINDER_TYPES, WEEKDAYS } from '../../domain/reminders';
import { Select } from '../../ui/controls';
import { Button, GhostButton } from '../../ui/form';
import { ChannelChecks } from './ChannelChecks';
import { useReminder } from './useLinkFlows';

const Box = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  h3 {
    margin: 0;
    font-size: 16px;
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    padding: 0;
    margin-bottom: 4px;
    font-weight: 600;
  }
  fieldset label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
    cursor: pointer;
  }
  input[type='radio'],
  input[type='checkbox'] {
    width: 20px;
    height: 20px;
  }
  textarea {
    width: 100%;
    min-height: 64px;
    padding: 8px;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surfaceRaised};
    color: ${({ theme }) => theme.text};
    resize: vertical;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 16px;
  }
`;

/**
 * A dues reminder over the screen's selected invoices (spec 1 §2.6): channels, schedule type (choosing one
 * clears the time and days), an hourly time, weekdays for Once and Custom, the fixed message and Save.
 * Used by the Send Payment Links modal and (folded until opened, so the table keeps the room) the Detailed
 * Invoice table.
 */
export function ReminderComposer(props: { invoiceIds: readonly string[]; title?: string; collapsible?: boolean }) {
  const [open, setOpen] = useState(!props.collapsible);
  if (!open) {
    return (
      <div>
        <GhostButton type="button" onClick={() => setOpen(true)}>
          Set a reminder ({props.invoiceIds.length} ticked)
        </GhostButton>
      </div>
    );
  }
  return <Composer {...props} />;
}

function Composer({ invoiceIds, title = 'Reminder' }: { invoiceIds: readonly string[]; title?: string }) {
  const { snapshot, send, blocked } = useReminder(invoiceIds);
  const { channels, type, time, days } = snapshot.context;
  const saving = snapshot.matches('saving');
  const id = useId();
  return (
    <Box aria-labelledby={`${id}-title`} aria-busy={saving}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p className="row">
        <span>
          {invoiceIds.length} invoice{invoiceIds.length === 1 ? '' : 's'} selected for the reminder
        </span>
      </p>
      <ChannelChecks
        legend="Remind by"
        chosen={channels}
        blocked={blocked}
        disabled={saving}
        onToggle={(channel) => send({ type: 'TOGGLE_CHANNEL', channel })}
      />
      <fieldset disabled={saving}>
        <legend>Schedule</legend>
        {REMINDER_TYPES.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-type`}
              value={value}
              checked={type === value}
              onChange={() => send({ type: 'SET_TYPE', reminderType: value })}
            />
            {REMINDER_TYPE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {type !== null && (
        <div className="row">
          <label htmlFor={`${id}-time`}>Time</label>
          <Select
            id={`${id}-time`}
            value={time ?? ''}
            disabled={saving}
            onChange={(event) => send({ type: 'SET_TIME', time: event.target.value })}
          >
            <option value="" disabled>
              Select time
            </option>
            {REMINDER_TIMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
      )}
      {(type === 'once' || type === 'custom') && (
        <fieldset disabled={saving}>
          <legend>{type === 'once' ? 'Day' : 'Days'}</legend>
          {WEEKDAYS.map((day) => (
            <label key={day}>
              <input type="checkbox" checked={days.includes(day)} onChange={() => send({ type: 'TOGGLE_DAY', day })} />
              {day}
            </label>
          ))}
        </fieldset>
      )}
      <div>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea id={`${id}-message`} readOnly value={REMINDER_TEXT} />
      </div>
      <div className="row">
        <Button type="button" onClick={() => send({ type: 'SAVE' })} aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </Box>
  );
}
