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

// Ids as the server keeps them, each named beside the page (the reader's `names`).
const ID = {
  officer: '11111111-1111-4111-8111-111111111111', directorate: '22222222-2222-4222-8222-222222222222',
  team: '33333333-3333-4333-8333-333333333333', division: '44444444-4444-4444-8444-444444444444',
  caseRequest: '55555555-5555-4555-8555-555555555555', question: '66666666-6666-4666-8666-666666666666',
  category: '77777777-7777-4777-8777-777777777777', holiday: '88888888-8888-4888-8888-888888888888',
  accusation: '99999999-9999-4999-8999-999999999999', case: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  gone: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', option: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
};
const names = {
  [ID.officer]: { en: 'Hana Girma' },
  [ID.directorate]: { en: 'Rental Houses', am: 'የኪራይ ቤቶች' },
  [ID.team]: { en: 'Repairs team', am: 'የጥገና ቡድን' },
  [ID.division]: { en: 'Sales', am: 'ሽያጭ' },
  [ID.caseRequest]: { en: 'Title deed', am: 'የይዞታ ማረጋገጫ' },
  [ID.question]: { en: 'How urgent is it?', am: 'ምን ያህል አስቸኳይ ነው?' },
  [ID.category]: { en: 'Shelf A' },
  [ID.holiday]: { en: 'Enkutatash' },
  [ID.accusation]: { en: 'ACC-2019-000005' },
};
const six = (field: string, words: string) => Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((language) => [`${field}_${language}`, `${words} ${language}`]));

/**
 * Every action and every field the server writes (grep recordAudit's callers): case moves,
 * accusation actions, staff sign-ins and changes, the command line, the reference data, holidays,
 * the languages setting and archival categories.
 */
const everyKind: [action: string, subjectType: string, subjectId: string, before: unknown, after: unknown, caseNumber?: string][] = [
  ['take', 'case', ID.case, { status: 'pending' }, { status: 'ongoing', assigned_to: ID.officer }, 'HDC-2026-000001'],
  ['assign', 'case', ID.case, { status: 'ongoing' }, { status: 'ongoing', assigned_to: ID.gone }, 'HDC-2026-000001'],
  ['schedule', 'case', ID.case, { status: 'ongoing' }, { status: 'ongoing', scheduled_date: '2026-12-04T00:00:00.000Z' }, 'HDC-2026-000001'],
  ['extend', 'case', ID.case, { status: 'ongoing' }, { status: 'ongoing', extended_date: '2026-12-09T00:00:00.000Z' }, 'HDC-2026-000001'],
  ['respond', 'case', ID.case, { status: 'ongoing' }, { status: 'responded', response_attachment: 'letter-4c1d.pdf' }, 'HDC-2026-000001'],
  ['return', 'case', ID.case, { status: 'responded' }, { status: 'ongoing' }, 'HDC-2026-000001'],
  ['approve', 'case', ID.case, { status: 'responded' }, { status: 'verified' }, 'HDC-2026-000001'],
  ['reject', 'case', ID.case, { status: 'ongoing' }, { status: 'rejected' }, 'HDC-2026-000001'],
  ['archive', 'case', ID.case, { status: 'verified' }, { status: 'archived', archival_category: ID.category }, 'HDC-2026-000001'],
  ['note', 'case', ID.case, null, { note: 'added' }, 'HDC-2026-000001'],
  ['transfer', 'case', ID.case, { status: 'ongoing', directorate: ID.gone }, { status: 'ongoing', directorate: ID.directorate }, 'HDC-2026-000001'],
  ['refile', 'case', ID.case, { status: 'archived', archival_category: ID.gone }, { status: 'archived', archival_category: ID.category }, 'HDC-2026-000001'],
  ['start_review', 'accusation', ID.accusation, { status: 'received', assignedTo: null }, { status: 'under_review', assignedTo: ID.officer }],
  ['assign', 'accusation', ID.accusation, { status: 'under_review', assignedTo: ID.officer }, { status: 'under_review', assignedTo: ID.gone }],
  ['note', 'accusation', ID.accusation, null, { note: 'added' }],
  ['close', 'accusation', ID.accusation, { status: 'under_review', assignedTo: ID.officer }, { status: 'closed', assignedTo: ID.officer }],
  ['sign_in', 'staff', ID.officer, null, null],
  ['sign_in_failed', 'staff', ID.officer, null, null],
  ['sign_out', 'staff', ID.officer, null, null],
  ['enrol_two_factor', 'staff', ID.officer, null, null],
  ['two_factor_failed', 'staff', ID.officer, null, { reason: 'wrong' }],
  ['two_factor_failed', 'staff', ID.officer, null, { reason: 'replayed' }],
  ['reset_two_factor', 'staff', ID.officer, null, null],
  ['set_password', 'staff', ID.officer, null, null],
  ['save_alert_settings', 'staff', ID.officer, { mail: true }, { mail: false }],
  ['create_staff', 'staff', ID.officer, undefined, { role: 'officer', status: 'active', directorate_id: ID.directorate, team_id: ID.team, password_link_sent: true }],
  ['save_staff', 'staff', ID.officer, { role: 'officer', status: 'active', directorate_id: ID.directorate, team_id: ID.team },
    { role: 'manager', status: 'inactive', directorate_id: ID.directorate, team_id: null, names_changed: true, email_changed: true }],
  ['save_staff', 'staff', ID.officer, { role: 'accusation_acceptor' }, { role: 'archivist' }],
  ['save_staff', 'staff', ID.officer, { role: 'manager' }, { role: 'admin' }],
  ['create_division', 'division', ID.division, undefined, { ...six('name', 'Sales'), ...six('description', 'Selling houses'), status: 'active', special: 'no' }],
  ['save_division', 'division', ID.division, { status: 'active', special: 'no' }, { status: 'inactive', special: 'yes' }],
  ['create_directorate', 'directorate', ID.directorate, undefined, { division_id: ID.division, ...six('name', 'Rental'), status: 'active' }],
  ['save_team', 'team', ID.team, { directorate_id: ID.directorate, status: 'active' }, { directorate_id: ID.directorate, status: 'inactive' }],
  ['save_case_request', 'case_request', ID.caseRequest,
    { division_id: ID.division, directorate_id: null, target_working_days: 10, status: 'active', position: 0, ...six('case_name', 'Deed') },
    { division_id: ID.division, directorate_id: ID.directorate, target_working_days: 5, status: 'active', position: 1, ...six('case_name', 'Title deed') }],
  ['create_question', 'question', ID.question, undefined, {
    case_request_id: ID.caseRequest, input_type: 'select', data_type: 'string', is_required: 'yes', show_in_queue: true, status: 'active', position: 0,
    ...six('name', 'Urgency'), options: [{ id: ID.option, status: 'active', position: 0, ...six('value', 'Urgent') }],
  }],
  ['save_question', 'question', ID.question, { input_type: 'normal_input', data_type: 'number' }, { input_type: 'text_area', data_type: 'string' }],
  ['delete_question', 'question', ID.question, { case_request_id: ID.caseRequest, is_required: 'no', options: [] }, undefined],
  ['create_holiday', 'holiday', ID.holiday, undefined, { calendar: 'ethiopian', month: 1, day: 1, date: null, name: 'Enkutatash' }],
  ['save_holiday', 'holiday', ID.holiday, { id: ID.holiday, calendar: 'gregorian', month: 1, day: 7, date: null, name: 'Genna' },
    { calendar: 'dated', month: null, day: null, date: '2026-04-12', name: 'Fasika' }],
  ['delete_holiday', 'holiday', ID.holiday, { id: ID.holiday, calendar: 'dated', month: null, day: null, date: '2026-04-12', name: 'Fasika' }, undefined],
  ['save_languages', 'setting', 'languages', ['en', 'am'], ['en', 'am', 'om', 'ti', 'so', 'aa']],
  ['save_archival_category', 'archival_category', ID.category, null, { name: 'Shelf A', status: 'active' }],
  ['save_archival_category', 'archival_category', ID.category, { name: 'Shelf A', status: 'active' }, { name: 'Shelf B', status: 'inactive' }],
];
const readable = everyKind.map(([action, subject_type, subject_id, before, after, case_number], n) => ({
  id: String(n), at: `2026-11-${String(10 + (n % 18)).padStart(2, '0')}T0${n % 10}:15:00.000Z`,
  actor_id: n % 3 ? ID.officer : null, actor_name: n % 3 ? 'Hana Girma' : '', actor_role: ['admin', 'officer', 'manager', 'accusation_acceptor', 'archivist'][n % 5],
  action, subject_type, subject_id, subject_name: subject_type === 'staff' ? 'Hana Girma' : null, case_number: case_number ?? null, before, after,
}));

describe('the audit log screen', () => {
  beforeEach(() => {
    staffSession.start(managerToken);
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/staff_api/audit')) return Response.json(url.includes('everykind') ? { entries: readable, names, currentPage: 1, totalPages: 1 } : { entries, names: {}, currentPage: 1, totalPages: 1 });
      return Response.json({ languages: ['en', 'am'] });
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Command line', 'Manager'],
    ['am', 'የትእዛዝ መስመር', 'ኃላፊ'],
  ] as const)('names the command line as the actor of what `npm run staff` did, in %s', async (locale, commandLine, manager) => {
    await renderScreen(<AuditLogPage filters={{}} />, { locale, path: '/staff/audit' });
    const rows = await screen.findAllByRole('row');
    // The header row, then the entries newest first.
    expect(rows[1].querySelector('td[data-label]:nth-child(2)')?.textContent).toBe(commandLine);
    // The role in the reader's words (review 43: not "(manager)" on an Amharic screen).
    expect(rows[2].querySelector('td[data-label]:nth-child(2)')?.textContent).toBe(`Mekdes Haile (${manager})`);
  });

  it.each(['en', 'am'] as const)('shows every action and field the server writes in words, in %s: no id, code, key or ISO time', async (locale) => {
    await renderScreen(<AuditLogPage filters={{ subject: 'everykind' }} />, { locale, path: '/staff/audit' });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(everyKind.length + 1);
    const text = screen.getByRole('table').textContent!;
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
    expect(text).not.toMatch(/\b[a-z]+(_[a-z]+)+\b/i);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/\b(En|Am|Or|Tg|Sm|Af)\b|\(admin\)|\(officer\)/);
    // Nothing falls back to "Other …": every word is known.
    expect(text).not.toMatch(/Other (action|detail|record|role|setting)|ሌላ (ተግባር|ዝርዝር|መዝገብ|ሚና|ቅንብር)/);
    // Each record is named: the case by its number, the rest by their names now, a record since deleted as such.
    for (const name of ['HDC-2026-000001', 'ACC-2019-000005', 'Enkutatash', 'Shelf A']) expect(text).toContain(name);
    if (locale === 'en') {
      for (const words of ['Added · Archival category', 'Changed · Archival category', 'Title deed', 'Rental Houses', 'Hana Girma (Officer)',
        'Languages offered: English, አማርኛ → English, አማርኛ, Afaan Oromoo', 'Name (አማርኛ): Deed am → Title deed am', 'State: new → in progress',
        'Assigned to: a record deleted since', 'Set-password link sent: Yes', 'Calendar: Gregorian, every year → One day', 'Appointment: December 4, 2026']) {
        expect(text).toContain(words);
      }
    } else {
      // Review defects 6 and 13: the Amharic verbs are the audit line's own.
      for (const words of ['ውድቅ ተደርጓል', 'የይዞታ ማረጋገጫ', 'የኪራይ ቤቶች', 'ዓ.ም.', '(ባለሙያ)']) expect(text).toContain(words);
      expect(text).not.toContain('የተዘጋበት ቀን');
      expect(text).not.toContain('ውድቅ የተደረጉ');
      expect(text).not.toMatch(/Changed|Added|State|Assigned/);
    }
  });
});
