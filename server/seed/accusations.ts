import type { Queryable } from '../db/database.ts';
import { nextReference } from '../numbering/year-sequence.ts';
import { DEMO_LOGINS, loginOf } from './logins.ts';

/** The README gives these to a newcomer: the ethics user, seeded with the other staff (staff.ts). */
export const DEMO_ACCEPTOR = loginOf(DEMO_LOGINS.staff.acceptor);

const DEMO_ACCUSATIONS: [name: string, phone: string, subject: string, part: string, description: string][] = [
  ['Tigist Alemu', '+251911234001', 'Asked for money to speed up a transfer', 'Ownership Transfer Directorate',
    'An officer told me my transfer would take months unless I paid him in cash. I refused and my file has not moved since.'],
  ['', '', 'የኪራይ ውል እድሳት መዘግየት', 'የኪራይ ውል ዳይሬክቶሬት',
    'የኪራይ ውሌን ለማሳደስ ከሶስት ወር በላይ ተመላልሻለሁ። ሰራተኛው ምክንያት ሳይገልጽ በየጊዜው ቀጠሮ ይሰጠኛል።'],
  ['Bekele Girma', '+251912345002', 'Repair team never came', 'Building Maintenance Directorate',
    'The water pipe in our block burst three weeks ago. The repair was scheduled twice and nobody came either time.'],
  ['Hirut Tesfaye', '+251911345003', 'Rude treatment at the front desk', 'Customer Relations Directorate',
    'I was shouted at when I asked where to submit my documents. Other customers saw it.'],
  ['', '+251913345004', 'Receipt not given for a payment', 'Revenue Directorate',
    'I paid my instalment in cash and was told the receipt would be sent later. It never came.'],
  ['Samuel Haile', '+251914345005', 'House allocated out of turn', 'Sales Directorate',
    'A house I was promised in the lottery list was given to someone who registered after me.'],
];

/** A few accusations for the demo's ethics user (DEMO_ACCEPTOR) to read. */
export async function seedAccusations(tx: Queryable, referencePrefix: string) {
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
