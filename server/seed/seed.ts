import type { Database, Queryable } from '../db/database.ts';
import { hash } from '@node-rs/argon2';
import { demoDivisions } from './organisation.ts';

/** The README gives these to a newcomer. */
export const DEMO_CUSTOMER = { email: 'demo@portal.local', password: 'Demo12345' };

const LANGS = ['en', 'am', 'or', 'tg', 'sm', 'af'] as const;
type Six = { en: string; am: string; or: string; tg: string; sm: string; af?: string };
const inAll = (text: Six) => LANGS.map((lang) => text[lang] ?? text.en);

async function insertId(tx: Queryable, sql: string, params: unknown[]): Promise<string> {
  const [row] = await tx.query<{ id: string }>(`${sql} RETURNING id`, params);
  return row.id;
}

/** Fills an empty database with the demo organisation; does nothing on a seeded one. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*) AS count FROM division');
  if (count > 0) return false;
  const demoPasswordHash = await hash(DEMO_CUSTOMER.password);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, house_phone_number,
         subcity, woreda, house_number, gender, language, email_verified_at)
       VALUES ('Almaz', 'Bekele', 'Tesfaye', $1, $2, '+251911000111', '0111234567', 'Bole', '03', '1250', 'Female', 'am', now())`,
      [DEMO_CUSTOMER.email, demoPasswordHash],
    );
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
          `INSERT INTO directorate (division_id, name_en, name_am, name_or, name_tg, name_sm, name_af, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [divisionId, ...inAll(directorate.name), directorate.status],
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
  });
  return true;
}
