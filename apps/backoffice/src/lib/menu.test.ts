import { OPERATOR_PERMISSIONS } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { can, homePath, menuFor } from './menu';

const keys = (permissions: readonly string[]) => menuFor(permissions).map((item) => item.key);

describe('menuFor', () => {
  it('shows an admin every section, in sidebar order', () => {
    expect(keys(OPERATOR_PERMISSIONS.admin)).toEqual([
      'cashier',
      'members',
      'abuse',
      'agents',
      'channels',
      'games',
      'lottery',
      'activities',
      'promotions',
      'points',
      'sportsbook',
      'reports',
      'audit',
      'ledger',
      'operators',
      'settings',
    ]);
  });

  it('hides the audit log and operators from finance', () => {
    expect(keys(OPERATOR_PERMISSIONS.finance)).toEqual([
      'cashier',
      'members',
      'abuse',
      'agents',
      'channels',
      'activities',
      'sportsbook',
      'reports',
      'ledger',
    ]);
  });

  it('gives support only the queue, members and agents, and the auditor no channels or operators', () => {
    expect(keys(OPERATOR_PERMISSIONS.support)).toEqual(['cashier', 'members', 'abuse', 'agents']);
    expect(keys(OPERATOR_PERMISSIONS.auditor)).toEqual([
      'cashier',
      'members',
      'abuse',
      'agents',
      'sportsbook',
      'reports',
      'audit',
      'ledger',
    ]);
  });

  it('shows nothing without permissions', () => {
    expect(menuFor(undefined)).toEqual([]);
    expect(homePath([])).toBeNull();
  });
});

describe('homePath and can', () => {
  it('lands on the first allowed section', () => {
    expect(homePath(OPERATOR_PERMISSIONS.admin)).toBe('/cashier');
    expect(homePath(['audit.read'])).toBe('/audit');
  });

  it('checks one permission', () => {
    expect(can(OPERATOR_PERMISSIONS.support, 'members.adjust')).toBe(false);
    expect(can(OPERATOR_PERMISSIONS.finance, 'members.adjust')).toBe(true);
  });
});
