import { useId, useState } from 'react';
import styled from 'styled-components';
import { settingWireName } from '../../api/admin';
import type { SettingDefinition } from '../../api/codecs/admin';
import { config } from '../../config';
import { SETTING_NAMES, withSpaces } from '../../domain/admin';
import { formatDateTime } from '../../lib/format';
import { Select } from '../../ui/controls';
import { LoadFailed } from '../../ui/LoadFailed';
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
  &:focus-within [role='tooltip'] { display: block; }
  &[data-dismissed='true'] [role='tooltip'] { display: none; }
`;

const UpdatedBy = styled.p`
  margin: 4px 0 8px;
  color: ${({ theme }) => theme.textMuted};
`;

interface Row {
  name: string;
  wire: string;
  setting: SettingDefinition;
}

/**
 * The info tooltip of a setting: a button named after the setting ('About customer consent'), its text read
 * as the button's description, shown while it is hovered or focused. (It was a focusable span with
 * aria-label 'About this setting': a name on a span without a role is not announced, and all fourteen
 * would have had the same one.)
 */
function InfoTip({ name, text }: { name: string; text: string }) {
  const id = useId();
  // WCAG 1.4.13: Escape hides the tooltip without moving focus; it shows again on the next hover or focus.
  const [dismissed, setDismissed] = useState(false);
  return (
    <Info data-dismissed={dismissed} onMouseEnter={() => setDismissed(false)} onFocus={() => setDismissed(false)} onKeyDown={(e) => e.key === 'Escape' && setDismissed(true)}>
      <button type="button" aria-label={`About ${name}`} aria-describedby={id}>
        i
      </button>
      <span role="tooltip" id={id}>
        {text}
      </span>
    </Info>
  );
}

/**
 * Configuration (spec 2 §2.7, only for system-generated anchors): each setting with its status and a
 * switch (boolean) or a select (dropdown); a change sends that setting alone, then 'Updated By' names the
 * last updater. Names show with spaces for underscores.
 */
export function ConfigurationSection({ admin, changes }: { admin: AdminContext; changes: AdminChanges }) {
  const { settings } = admin;
  if (!admin.systemGenerated) return null;
  const data = settings.data;
  const rows: Row[] = data
    ? SETTING_NAMES.map((name) => ({ name, wire: settingWireName(name, config.product) }))
        .filter((r) => data.data.settings[r.wire] !== undefined)
        .map((r) => ({ ...r, setting: data.data.settings[r.wire]! }))
    : [];
  const busy = (wire: string) => changes.pending?.kind === 'setting' && changes.pending.target === wire;
  const label = (r: Row) => withSpaces(r.wire);
  const columns: Column<Row>[] = [
    {
      key: 'parameter',
      header: 'Parameter',
      render: (r) => (
        <>
          {label(r)}
          {r.setting.description && <InfoTip name={label(r)} text={r.setting.description} />}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (r) => (r.setting.type === 'boolean' ? (r.setting.default === true ? 'Active' : 'Inactive') : String(r.setting.default)),
    },
    {
      key: 'control',
      header: 'Inactive/Active',
      render: (r) =>
        r.setting.type === 'boolean' ? (
          <Switch label={label(r)} checked={r.setting.default === true} disabled={!admin.mayManage || busy(r.wire)} onChange={(on) => changes.request({ kind: 'setting', target: r.wire, value: on })} />
        ) : (
          // Named by aria-label (as the switches are): a visually-hidden label escaped the table's scroller.
          <Select aria-label={label(r)} value={String(r.setting.default)} disabled={!admin.mayManage || busy(r.wire)} onChange={(e) => changes.request({ kind: 'setting', target: r.wire, value: e.target.value })}>
            {(r.setting.options ?? []).map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </Select>
        ),
    },
  ];
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
        <Table caption="Configuration" hideCaption columns={columns} rows={data ? rows : undefined} rowKey={(r) => r.wire} loading={!data} maxHeight={600} />
      )}
    </Section>
  );
}
