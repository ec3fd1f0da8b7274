import type { OperatorPermission } from '@sorte/contracts';

/** A back-office section: where it lives and the permission that shows it. */
export interface MenuItem {
  key:
    | 'cashier'
    | 'members'
    | 'abuse'
    | 'agents'
    | 'channels'
    | 'games'
    | 'lottery'
    | 'activities'
    | 'promotions'
    | 'points'
    | 'sportsbook'
    | 'reports'
    | 'audit'
    | 'ledger'
    | 'operators'
    | 'settings';
  path: string;
  permission: OperatorPermission;
}

/** Sidebar order; each entry appears only when the operator's role grants its permission. */
export const MENU: readonly MenuItem[] = [
  { key: 'cashier', path: '/cashier', permission: 'cashier.read' },
  { key: 'members', path: '/members', permission: 'members.read' },
  // Flagged claims name members, so whoever reads members reads them.
  { key: 'abuse', path: '/abuse', permission: 'members.read' },
  { key: 'agents', path: '/agents', permission: 'agents.read' },
  { key: 'channels', path: '/channels', permission: 'cashier.channels' },
  { key: 'games', path: '/games', permission: 'merchant.config' },
  { key: 'lottery', path: '/lottery', permission: 'merchant.config' },
  { key: 'activities', path: '/activities', permission: 'promotions.review' },
  { key: 'promotions', path: '/promotions', permission: 'merchant.config' },
  { key: 'points', path: '/points', permission: 'merchant.config' },
  { key: 'sportsbook', path: '/sportsbook', permission: 'sportsbook.read' },
  // GGR / NGR: whoever may check the books reads them.
  { key: 'reports', path: '/reports', permission: 'ledger.verify' },
  { key: 'audit', path: '/audit', permission: 'audit.read' },
  { key: 'ledger', path: '/ledger', permission: 'ledger.verify' },
  { key: 'operators', path: '/operators', permission: 'operators.manage' },
  { key: 'settings', path: '/settings', permission: 'merchant.config' },
];

export function can(permissions: readonly string[] | undefined, permission: OperatorPermission): boolean {
  return permissions?.includes(permission) ?? false;
}

/** The sections an operator with these permissions may open, in sidebar order. */
export function menuFor(permissions: readonly string[] | undefined): MenuItem[] {
  return MENU.filter((item) => can(permissions, item.permission));
}

/** Where signing in lands: the first section allowed, or null when the role opens none. */
export function homePath(permissions: readonly string[] | undefined): string | null {
  return menuFor(permissions)[0]?.path ?? null;
}
