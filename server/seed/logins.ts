/**
 * Every demo log-in, in one place: the seed creates these accounts, the tests sign in with
 * them and docs/demo-data.md lists them. Their passwords are published, which is why the
 * demo is seeded only on the embedded database or with SEED_DEMO_DATA=true (README, Deploying).
 */
import type { StaffRole } from '../auth/tokens.ts';

export interface DemoLogin {
  email: string;
  password: string;
}

export interface DemoStaff extends DemoLogin {
  role: StaffRole;
  firstname: string;
  middlename: string;
  lastname: string;
  /** An officer's or a manager's directorate, by its English name in organisation.ts. */
  directorate?: string;
  /** The officer who holds the demo cases under way (ongoing, responded) in their directorate. */
  holdsCases?: true;
  /** An admin's TOTP secret (base32), enrolled by the seed. */
  totpSecret?: string;
}

/** The directorate of the README's officer and manager: pending cases to take, a response to approve. */
export const MAIN_DEMO_DIRECTORATE = 'Building Maintenance Directorate';

const person = (firstname: string, middlename: string, lastname: string) => ({ firstname, middlename, lastname });

/** An officer and a manager of a directorate the demo cases are in, other than the main one. */
const pair = (short: string, directorate: string, officer: ReturnType<typeof person>, manager: ReturnType<typeof person>, word: string) => ({
  officer: {
    email: `officer.${short}@portal.local`, password: `${word}-Officer-26`, role: 'officer', ...officer, directorate,
  } satisfies DemoStaff,
  manager: {
    email: `manager.${short}@portal.local`, password: `${word}-Manager-26`, role: 'manager', ...manager, directorate,
  } satisfies DemoStaff,
});

const sales = pair('sales', 'Sales Directorate', person('Kebede', 'Ayana', 'Fikre'), person('Mekdes', 'Haile', 'Wolde'), 'Sales');
const tenancy = pair('tenancy', 'Tenancy Directorate', person('Lulit', 'Desta', 'Gebre'), person('Samuel', 'Negash', 'Belay'), 'Tenancy');
const property = pair('property', 'Property Records Directorate', person('Ruth', 'Alemayehu', 'Worku'), person('Tewodros', 'Bekele', 'Shiferaw'), 'Property');
const revenue = pair('revenue', 'Revenue Directorate', person('Abel', 'Fikadu', 'Mengistu'), person('Meseret', 'Lemma', 'Tadesse'), 'Revenue');
const relations = pair('customer-relations', 'Customer Relations Directorate', person('Nardos', 'Tsegaye', 'Admasu'), person('Elias', 'Getachew', 'Demissie'), 'Relations');

export const DEMO_LOGINS = {
  customers: {
    /** Almaz: 14 cases in every state. */
    demo: { email: 'demo@portal.local', password: 'Demo12345' },
    /** Yonas: 2 cases of his own, so isolation between customers can be seen and tested. */
    second: { email: 'second@portal.local', password: 'Second12345' },
  },
  staff: {
    /** The ethics user (the stored role keeps the accusation acceptor's name). */
    acceptor: { email: 'acceptor@portal.local', password: 'Accept12345', role: 'accusation_acceptor', ...person('Selam', 'Tadesse', 'Bekele') },
    officer: { email: 'officer@portal.local', password: 'Officer-Demo-26', role: 'officer', ...person('Hana', 'Girma', 'Tolosa'), directorate: MAIN_DEMO_DIRECTORATE },
    manager: { email: 'manager@portal.local', password: 'Manager-Demo-26', role: 'manager', ...person('Bereket', 'Mulugeta', 'Assefa'), directorate: MAIN_DEMO_DIRECTORATE },
    archivist: { email: 'archivist@portal.local', password: 'Archive-Demo-26', role: 'archivist', ...person('Tsion', 'Abebe', 'Kassa') },
    /** Enrolled for two-step log-in with a published secret (README): add it to an authenticator app by hand. */
    admin: {
      email: 'admin@portal.local', password: 'Admin-Demo-2026', role: 'admin', ...person('Yohannes', 'Tesfaye', 'Lemma'),
      totpSecret: 'C2FYPGF3Y7IMDGEF25SUZYNGBH27DAC7',
    },
    /** The officers named on the demo cases: Meron answered them and set their appointments, Dawit rejected and moved them. */
    meron: {
      email: 'meron.tadesse@portal.local', password: 'Meron-Officer-26', role: 'officer', ...person('Meron', 'Tadesse', 'Ayele'),
      directorate: MAIN_DEMO_DIRECTORATE, holdsCases: true,
    },
    dawit: {
      email: 'dawit.alemu@portal.local', password: 'Dawit-Officer-26', role: 'officer', ...person('Dawit', 'Alemu', 'Bekele'),
      directorate: sales.officer.directorate, holdsCases: true,
    },
    salesOfficer: sales.officer,
    salesManager: sales.manager,
    tenancyOfficer: { ...tenancy.officer, holdsCases: true },
    tenancyManager: tenancy.manager,
    propertyOfficer: { ...property.officer, holdsCases: true },
    propertyManager: property.manager,
    revenueOfficer: { ...revenue.officer, holdsCases: true },
    revenueManager: revenue.manager,
    relationsOfficer: relations.officer,
    relationsManager: relations.manager,
  },
} as const satisfies { customers: Record<string, DemoLogin>; staff: Record<string, DemoStaff> };

export type DemoStaffKey = keyof typeof DEMO_LOGINS.staff;

/** Just the e-mail and password: what a log-in call takes as its body. */
export const loginOf = ({ email, password }: DemoLogin): DemoLogin => ({ email, password });
