import { hash } from '@node-rs/argon2';
import type { Queryable } from '../db/database.ts';
import { nextReference } from '../numbering/year-sequence.ts';

/** The README gives these to a newcomer. */
export const DEMO_ACCEPTOR = { email: 'acceptor@portal.local', password: 'Accept12345' };

const DEMO_ACCUSATIONS: [name: string, phone: string, subject: string, part: string, description: string][] = [
  ['Tigist Alemu', '+251911234001', 'Asked for money to speed up a transfer', 'Ownership Transfer Directorate',
    'An officer told me my transfer would take months unless I paid him in cash. I refused and my file has not moved since.'],
  ['', '', 'የኪራይ ውል እድሳት መዘግየት', 'የኪራይ ውል ዳይሬክቶሬት',
    'የኪራይ ውሌን ለማሳደስ ከሶስት ወር በላይ ተመላልሻለሁ። ሰራተኛው ምክንያት ሳይገልጽ በየጊዜው ቀጠሮ ይሰጠኛል።'],
  ['Bekele Girma', '0912345002', 'Repair team never came', 'Building Maintenance Directorate',
    'The water pipe in our block burst three weeks ago. The repair was scheduled twice and nobody came either time.'],
  ['Hirut Tesfaye', '0911345003', 'Rude treatment at the front desk', 'Customer Relations Directorate',
    'I was shouted at when I asked where to submit my documents. Other customers saw it.'],
  ['', '0913345004', 'Receipt not given for a payment', 'Revenue Directorate',
    'I paid my instalment in cash and was told the receipt would be sent later. It never came.'],
  ['Samuel Haile', '+251914345005', 'House allocated out of turn', 'Sales Directorate',
    'A house I was promised in the lottery list was given to someone who registered after me.'],
];

/**
 * An accusation acceptor and a few accusations, for a newcomer to look at. An acceptor
 * `npm run staff` made under the demo e-mail before the first start keeps their password.
 */
export async function seedAccusations(tx: Queryable, referencePrefix: string) {
  await tx.query(
    `INSERT INTO staff_user (firstname, middlename, lastname, email, password_hash, role)
     VALUES ('Selam', 'Tadesse', 'Bekele', $1, $2, 'accusation_acceptor')
     ON CONFLICT ((lower(email))) DO NOTHING`,
    [DEMO_ACCEPTOR.email, await hash(DEMO_ACCEPTOR.password)],
  );
  let daysAgo = DEMO_ACCUSATIONS.length * 8;
  for (const [name, phone, subject, part, description] of DEMO_ACCUSATIONS) {
    daysAgo -= 8;
    const filed = new Date(Date.now() - daysAgo * 86_400_000);
    // The same per-year sequence real filings use, so their references carry on from these.
    const reference = await nextReference(tx, 'accusationReference', referencePrefix, filed);
    await tx.query(
      `INSERT INTO accusation (reference, name, phone, subject, description, accused_organizational_part, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [reference, name, phone, subject, description, part, filed],
    );
  }
}
