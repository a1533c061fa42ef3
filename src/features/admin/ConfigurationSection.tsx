import { useId, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { settingWireName } from '../../api/admin';
import type { SettingDefinition } from '../../api/codecs/admin';
import { config } from '../../config';
import { SETTING_NAMES, SETTING_TEXTS, settingEffect, settingLabel, settingValueText } from '../../domain/admin';
import { formatDateTime } from '../../lib/format';
import { FormActions } from '../../ui/admin-forms/fields';
import { Select } from '../../ui/controls';
import { Button, GhostButton } from '../../ui/form';
import { LoadFailed } from '../../ui/LoadFailed';
import { Modal } from '../../ui/Modal';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { Table, type Column } from '../../ui/Table';
import { Section } from './styles';
import type { AdminContext } from './useAdminContext';
import type { AdminChanges } from './useAdminChange';

const Info = styled.span`
  position: relative;
  display: inline-flex;
  vertical-align: middle;
  margin-inline-start: 6px;
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 24px;
    height: 24px;
    padding: 0;
    border-radius: 50%;
    border: 1px solid ${({ theme }) => theme.border};
    background: transparent;
    color: ${({ theme }) => theme.primary};
    font-size: 13px;
    font-weight: 700;
    cursor: help;
  }
  [role='tooltip'] {
    display: none;
    position: absolute;
    left: 50%;
    bottom: calc(100% + 6px);
    transform: translateX(-50%);
    width: max-content;
    max-width: 260px;
    padding: 6px 8px;
    border-radius: 6px;
    background: ${({ theme }) => theme.text};
    color: ${({ theme }) => theme.background};
    font-weight: 400;
    white-space: normal;
    z-index: 2;
  }
  &:hover [role='tooltip'],
  &:focus-within [role='tooltip'] {
    display: block;
  }
  &[data-dismissed='true'] [role='tooltip'] {
    display: none;
  }
  code {
    font-size: 13px;
  }
`;

/** The control and, for a few seconds after a change, its Undo. */
const Control = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const UndoButton = styled(GhostButton)`
  padding: 0 14px;
`;

const UpdatedBy = styled.p`
  margin: 4px 0 8px;
  color: ${({ theme }) => theme.textMuted};
`;

interface Row {
  name: string;
  wire: string;
  label: string;
  setting: SettingDefinition;
}

/**
 * The info tooltip of a setting: a button named after the setting ('About Block SMS to retailers'), its text
 * (the provider's description, then the setting's key) read as the button's description, shown while it is
 * hovered or focused. (It was a focusable span with aria-label 'About this setting': a name on a span without
 * a role is not announced, and all fourteen would have had the same one.)
 */
function InfoTip({ name, text, settingKey }: { name: string; text: string | null | undefined; settingKey: string }) {
  const id = useId();
  // WCAG 1.4.13: Escape hides the tooltip without moving focus; it shows again on the next hover or focus.
  const [dismissed, setDismissed] = useState(false);
  return (
    <Info
      data-dismissed={dismissed}
      onMouseEnter={() => setDismissed(false)}
      onFocus={() => setDismissed(false)}
      onKeyDown={(e) => e.key === 'Escape' && setDismissed(true)}
    >
      <button type="button" aria-label={`About ${name}`} aria-describedby={id}>
        i
      </button>
      <span role="tooltip" id={id}>
        {text && `${text} `}
        Key: <code>{settingKey}</code>
      </span>
    </Info>
  );
}

/**
 * Undo beside a changed setting's control, while the change can be undone. When it goes (used, or its time is
 * up) while it has the focus, the focus goes back to the control beside it rather than to the page.
 */
function Undo({ label, onUndo }: { label: string; onUndo: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const button = ref.current;
    // A layout cleanup runs while the button is still in the page: it can tell whether it had the focus.
    return () => {
      if (button && button === document.activeElement)
        button.closest('td')?.querySelector<HTMLElement>('[role="switch"], select')?.focus();
    };
  }, []);
  return (
    <UndoButton ref={ref} type="button" aria-label={`${SETTING_TEXTS.undo} ${label}`} onClick={onUndo}>
      {SETTING_TEXTS.undo}
    </UndoButton>
  );
}

/**
 * Configuration (spec 2 §2.7, only for system-generated anchors): each setting in words (its key in the
 * tooltip) with its status and a switch (boolean) or a select (dropdown). A change sends that setting alone; a
 * risky one (the kernel's `settingEffect`) first asks, naming what it does to the retailers. Each change is
 * toasted, then 'Updated By' names the last updater, and Undo beside the control sends the previous value
 * back for SETTING_UNDO_MS.
 */
export function ConfigurationSection({ admin, changes }: { admin: AdminContext; changes: AdminChanges }) {
  const { settings } = admin;
  if (!admin.systemGenerated) return null;
  const data = settings.data;
  const rows: Row[] = data
    ? SETTING_NAMES.map((name) => ({ name, wire: settingWireName(name, config.product), label: settingLabel(name) }))
        .filter((r) => data.data.settings[r.wire] !== undefined)
        .map((r) => ({ ...r, setting: data.data.settings[r.wire]! }))
    : [];
  // The value on its way (a change or its undo) or just applied shows at once, not after the list's refresh.
  const shown = changes.sending ?? changes.undoable;
  const valueOf = (r: Row) =>
    shown?.kind === 'setting' && shown.target === r.wire && shown.value !== undefined ? shown.value : r.setting.default;
  // Not disabled while a change is on its way: a disabled control would drop the keyboard focus (the machine
  // sends one change at a time and ignores a second click meanwhile).
  const request = (r: Row, value: boolean | string) =>
    changes.request({
      kind: 'setting',
      target: r.wire,
      value,
      previous: r.setting.default,
      label: r.label,
      confirm: settingEffect(r.name, value) !== null,
    });
  const columns: Column<Row>[] = [
    {
      key: 'parameter',
      header: 'Parameter',
      render: (r) => (
        <>
          {r.label}
          <InfoTip name={r.label} text={r.setting.description} settingKey={r.wire} />
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (r) => settingValueText(valueOf(r)),
    },
    {
      key: 'control',
      header: 'Inactive/Active',
      render: (r) => (
        <Control>
          {r.setting.type === 'boolean' ? (
            <Switch
              label={r.label}
              checked={valueOf(r) === true}
              disabled={!admin.mayManage}
              onChange={(on) => request(r, on)}
            />
          ) : (
            // Named by aria-label (as the switches are): a visually-hidden label escaped the table's scroller.
            <Select
              aria-label={r.label}
              value={String(valueOf(r))}
              disabled={!admin.mayManage}
              onChange={(e) => request(r, e.target.value)}
            >
              {(r.setting.options ?? []).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </Select>
          )}
          {changes.undoable?.kind === 'setting' && changes.undoable.target === r.wire && (
            <Undo label={r.label} onUndo={changes.undo} />
          )}
        </Control>
      ),
    },
  ];
  const asking = changes.confirming && changes.pending?.kind === 'setting' ? changes.pending : null;
  const askingRow = asking ? rows.find((r) => r.wire === asking.target) : undefined;
  const effect = asking && askingRow ? settingEffect(askingRow.name, asking.value ?? '') : null;
  return (
    <Section aria-labelledby="configuration-title">
      <div className="head">
        <h2 id="configuration-title">Configuration</h2>
      </div>
      <UpdatedBy data-testid="settings-updated-by">
        Updated By: {data ? <bdi>{data.meta.setting_updated_by ?? '-'}</bdi> : <Skeleton $width="120px" />}
        {data?.meta.setting_updated_at ? ` on ${formatDateTime(data.meta.setting_updated_at)}` : ''}
      </UpdatedBy>
      {settings.error && !data ? (
        <LoadFailed error={settings.error} onRetry={() => void settings.mutate()} />
      ) : (
        <Table
          caption="Configuration"
          hideCaption
          columns={columns}
          rows={data ? rows : undefined}
          rowKey={(r) => r.wire}
          loading={!data}
          maxHeight={600}
        />
      )}
      <Modal
        open={asking !== null}
        title={asking ? SETTING_TEXTS.question(asking.label ?? asking.target, asking.value ?? '') : ''}
        onClose={changes.cancel}
      >
        <p>
          <strong>{effect}</strong>
        </p>
        <p>{SETTING_TEXTS.allRetailers}</p>
        <FormActions>
          <GhostButton type="button" onClick={changes.cancel}>
            Cancel
          </GhostButton>
          <Button type="button" onClick={changes.confirm}>
            {SETTING_TEXTS.action(asking?.value ?? '')}
          </Button>
        </FormActions>
      </Modal>
    </Section>
  );
}
