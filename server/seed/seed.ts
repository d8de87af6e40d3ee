import type { Database, Queryable } from '../db/database.ts';
import type { FileStorage } from '../files/storage.ts';
import { readConfig } from '../config.ts';
import { demoDivisions } from './organisation.ts';
import { inAll, seedCases } from './cases.ts';
import { seedAccusations } from './accusations.ts';
import { DEMO_LOGINS } from './logins.ts';
import { demoPasswordHash, hashDemoPasswords, seedStaff } from './staff.ts';

/** The README gives these to a newcomer (every demo log-in: logins.ts). */
export const DEMO_CUSTOMER = DEMO_LOGINS.customers.demo;
/** A second customer with cases of their own, so isolation between customers can be seen and tested. */
export const SECOND_DEMO_CUSTOMER = DEMO_LOGINS.customers.second;

export interface DemoDataOptions {
  /** Where the demo cases' PDFs are stored; without it they have no attachments. */
  storage?: FileStorage;
  /** CASE_NUMBER_PREFIX and the accusation prefix: demo numbers share the real sequences. */
  caseNumberPrefix?: string;
  accusationReferencePrefix?: string;
  /** The key the app seals second-factor secrets with: with it the demo admin is enrolled (logins.ts), without it they enrol at first sign-in. */
  twoFactorKey?: Buffer;
}

/** The prefixes of a configuration with no environment. */
const DEFAULTS = readConfig({});

/** Any constant shared by every instance (the migrations use another). */
const SEED_LOCK = 7_401_203;

async function insertId(tx: Queryable, sql: string, params: unknown[]): Promise<string> {
  const [row] = await tx.query<{ id: string }>(`${sql} RETURNING id`, params);
  return row.id;
}

/**
 * Fills an empty database with the demo organisation; does nothing on a seeded one. The
 * rows are written as SQL, as a database dump would be: a fixture needs statuses and
 * dates no feature's store or service offers, so the seed uses none of them, only the
 * shared year-sequence numbering and file storage.
 */
export async function seedDemoData(db: Database, options: DemoDataOptions = {}): Promise<boolean> {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*) AS count FROM division');
  if (count > 0) return false;
  await hashDemoPasswords();
  return db.transaction(async (tx) => {
    // Instances started together on an empty database would each seed: the first to take
    // the lock seeds, the others find its rows once it commits.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [{ count: seeded }] = await tx.query<{ count: number }>('SELECT count(*) AS count FROM division');
    if (seeded > 0) return false;
    await tx.query(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, house_phone_number,
         subcity, woreda, house_number, gender, language, email_verified_at)
       VALUES ('Almaz', 'Bekele', 'Tesfaye', $1, $2, '+251911000111', '+251111234567', 'Bole', '03', '1250', 'Female', 'am', now()),
              ('Yonas', 'Girma', 'Wolde', $3, $4, '+251922000333', '+251116612345', 'Yeka', '07', '418', 'Male', 'en', now())`,
      [DEMO_CUSTOMER.email, await demoPasswordHash(DEMO_CUSTOMER.password), SECOND_DEMO_CUSTOMER.email, await demoPasswordHash(SECOND_DEMO_CUSTOMER.password)],
    );
    // Each demo case request is routed to its division's first active directorate by created_at
    // (server/seed/cases.ts): each is made a millisecond after the one listed before it, so
    // that is the first listed in organisation.ts, whatever ids they get.
    let directorateOrdinal = 0;
    for (const division of demoDivisions) {
      const divisionId = await insertId(
        tx,
        `INSERT INTO division (name_en, name_am, name_or, name_tg, name_sm, name_af,
           description_en, description_am, description_or, description_tg, description_sm, description_af,
           status, special)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [...inAll(division.name), ...inAll(division.description), division.status, division.special],
      );
      for (const directorate of division.directorates) {
        const directorateId = await insertId(
          tx,
          `INSERT INTO directorate (division_id, name_en, name_am, name_or, name_tg, name_sm, name_af, status, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9::integer * interval '1 millisecond')`,
          [divisionId, ...inAll(directorate.name), directorate.status, directorateOrdinal++],
        );
        for (const team of directorate.teams ?? []) {
          await tx.query(
            `INSERT INTO team (directorate_id, name_en, name_am, name_or, name_tg, name_sm, name_af)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [directorateId, ...inAll(team)],
          );
        }
      }
    }
    const staff = await seedStaff(tx, options.twoFactorKey);
    await seedCases(tx, {
      staff,
      storage: options.storage,
      caseNumberPrefix: options.caseNumberPrefix ?? DEFAULTS.caseNumberPrefix,
      customerEmails: { demo: DEMO_CUSTOMER.email, second: SECOND_DEMO_CUSTOMER.email },
    });
    await seedAccusations(tx, options.accusationReferencePrefix ?? DEFAULTS.accusationReferencePrefix);
    return true;
  });
}
