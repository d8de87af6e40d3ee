import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import { AuditLogPage } from './audit-log-page.tsx';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const managerToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id: 'manager-1', role: 'manager' })}.c2lnbmF0dXJl`;

/** Two entries as /staff_api/audit answers them: a manager's, and one of `npm run staff` (no account, role command_line). */
const entries = [
  {
    id: '2', at: '2026-11-27T09:00:00.000Z', actor_id: null, actor_name: '', actor_role: 'command_line',
    action: 'set_password', subject_type: 'staff', subject_id: 'staff-9', case_number: null, before: null, after: null,
  },
  {
    id: '1', at: '2026-11-27T08:00:00.000Z', actor_id: 'manager-1', actor_name: 'Mekdes Haile', actor_role: 'manager',
    action: 'take', subject_type: 'case', subject_id: 'case-1', case_number: 'HDC-2026-1', before: null, after: null,
  },
];

describe('the audit log screen', () => {
  beforeEach(() => {
    staffSession.start(managerToken);
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/staff_api/audit')) return Response.json({ entries, currentPage: 1, totalPages: 1 });
      return Response.json({ languages: ['en', 'am'] });
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Command line'],
    ['am', 'የትእዛዝ መስመር'],
  ] as const)('names the command line as the actor of what `npm run staff` did, in %s', async (locale, commandLine) => {
    await renderScreen(<AuditLogPage filters={{}} />, { locale, path: '/staff/audit' });
    const rows = await screen.findAllByRole('row');
    // The header row, then the entries newest first.
    expect(rows[1].querySelector('td[data-label]:nth-child(2)')?.textContent).toBe(commandLine);
    expect(rows[2].querySelector('td[data-label]:nth-child(2)')?.textContent).toBe('Mekdes Haile (manager)');
  });
});
