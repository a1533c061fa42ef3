import { fetchAnchorSettings } from '../../api/admin';
import { useSessionState } from '../../api/session-context';
import { useApi } from '../../api/useApi';
import { canManageAnchor } from '../../domain/admin';

/**
 * What the admin sections need to know of the anchor and the user: the configuration (its meta says
 * whether the anchor is system generated, which enables the user toggles, Delete and the Configuration
 * section: spec 2 §6) and whether this user may make changes at all.
 */
export function useAdminContext() {
  const user = useSessionState((s) => s.context.user);
  const anchorId = user?.anchor?.id ?? null;
  const settings = useApi(anchorId === null ? null : ['anchor-settings', anchorId], (client) =>
    fetchAnchorSettings(client, anchorId!),
  );
  return {
    anchorId,
    settings,
    systemGenerated: settings.data?.meta.is_system_generated ?? false,
    mayManage: canManageAnchor(user),
  };
}

export type AdminContext = ReturnType<typeof useAdminContext>;
