import { useState } from 'react';
import type { AdminUser } from '../../api/codecs/admin';
import { fetchUsers } from '../../api/admin';
import { USER_TEXTS } from '../../domain/admin';
import { orMissing } from '../../lib/format';
import type { TableState } from '../../lib/table-state';
import { AddUserModal } from '../../ui/admin-forms/AddUserModal';
import { Button, GhostButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { Modal } from '../../ui/Modal';
import { Switch } from '../../ui/Switch';
import type { Column } from '../../ui/Table';
import { useList } from '../../ui/useList';
import { Section } from './styles';
import type { AdminContext } from './useAdminContext';
import type { AdminChanges } from './useAdminChange';

const NOT_SYSTEM = 'Only for system-generated anchors';
const NO_PERMISSION = 'Only for users who may manage the company';
const DESIGNATION_LABELS: Record<string, string> = { portal_user: 'Portal User' };

/**
 * Existing Users (spec 2 §2.7, §6): the anchor's users; the newsletter and send-email toggles and the
 * Delete action work only when the anchor is system generated, and Delete is offered only for users who
 * are not system generated themselves, after 'Are you sure, you want to delete {name}?'.
 */
export function UsersSection({ admin, changes }: { admin: AdminContext; changes: AdminChanges }) {
  const list = useList({
    id: 'users',
    resource: 'users',
    params: (state: TableState) => state.page,
    fetch: fetchUsers,
  });
  const [adding, setAdding] = useState(false);
  const enabled = admin.systemGenerated && admin.mayManage;
  const busy = (target: string) => changes.pending?.target === target;
  const toggle = (u: AdminUser, flag: 'news_letter' | 'send_email', label: string) => (
    <Switch
      label={`${label} for ${u.name}`}
      checked={u[flag] === true}
      disabled={!enabled || busy(`${u.id}:${flag}`)}
      reason={!admin.systemGenerated ? NOT_SYSTEM : !admin.mayManage ? NO_PERMISSION : null}
      onChange={(on) => changes.request({ kind: 'toggle', target: `${u.id}:${flag}`, value: on })}
    />
  );
  const columns: Column<AdminUser>[] = [
    { key: 'name', header: 'Name', render: (u) => u.name },
    { key: 'email', header: 'Email', render: (u) => u.email },
    {
      key: 'designation',
      header: 'Designation',
      render: (u) => (u.designation ? (DESIGNATION_LABELS[u.designation] ?? u.designation) : '-'),
    },
    { key: 'virtual_id', header: 'Virtual ID', render: (u) => orMissing(u.virtual_id) },
    { key: 'news_letter', header: 'Newsletter', render: (u) => toggle(u, 'news_letter', 'Newsletter') },
    { key: 'send_email', header: 'Send Email', render: (u) => toggle(u, 'send_email', 'Send email') },
  ];
  if (admin.systemGenerated) {
    columns.push({
      key: 'action',
      header: 'Action',
      pin: 'end',
      render: (u) =>
        u.is_system_generated ? (
          '-'
        ) : (
          // The name is in aria-label, not a visually-hidden span: an absolute span in this far-right column
          // escaped the table's scroller and made the whole page scroll sideways on a phone.
          <GhostButton
            type="button"
            aria-label={`Delete ${u.name}`}
            disabled={!admin.mayManage || busy(u.id)}
            onClick={() => changes.request({ kind: 'delete-user', target: u.id, label: u.name, confirm: true })}
          >
            Delete
          </GhostButton>
        ),
    });
  }
  const deleting = changes.confirming && changes.pending?.kind === 'delete-user' ? changes.pending : null;
  return (
    <Section aria-labelledby="users-title">
      <div className="head">
        <h2 id="users-title">Existing Users</h2>
        {admin.mayManage && (
          <Button type="button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            Add New User
          </Button>
        )}
      </div>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={columns}
        rowKey={(u) => u.id}
        caption="Existing Users"
        pagerLabel="Existing Users"
        pagerUnit="users"
        region={false}
      />
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
      <Modal open={deleting !== null} title="Delete user" onClose={changes.cancel}>
        <p>
          {USER_TEXTS.confirmDelete[0]}
          <bdi>{deleting?.label}</bdi>
          {USER_TEXTS.confirmDelete[1]}
        </p>
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <GhostButton type="button" onClick={changes.cancel}>
            Cancel
          </GhostButton>
          <Button type="button" onClick={changes.confirm}>
            Ok
          </Button>
        </div>
      </Modal>
    </Section>
  );
}
