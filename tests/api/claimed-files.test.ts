import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storedFile, storedFileNames } from '../helpers/stored-files.ts';
import { expectError, expectOk } from '../helpers/expect-api.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { fileStorageFor, pdfKind } from '../../server/files/storage.ts';
import { createAccusationStore } from '../../server/accusations/store.ts';
import { ATTACHMENT_MAX_BYTES } from '../../server/contract/constants.ts';

/**
 * Files live in PostgreSQL with DATABASE_URL (issue 10): a file belongs to its row only once
 * the transaction storing the row claims it, so a stop between the finished upload and the
 * row leaves an unclaimed file, which a later start removes. (The embedded database's folder
 * takes no part in transactions; README "Files".)
 */
const postgres = (await testDatabases()).find((database) => database.name === 'postgres');

describe.runIf(postgres)('files and the rows that claim them, on postgres', () => {
  const storageOf = (server: TestServer) => fileStorageFor(server.db, server.config.dataDir);
  const saveOrphan = async (server: TestServer) =>
    (await storageOf(server).save('case-files', Readable.from([tinyPdf('Orphan')]), pdfKind(ATTACHMENT_MAX_BYTES))).name;
  const claimedOf = async (server: TestServer, name: string) =>
    (await server.db.query<{ claimed: boolean }>('SELECT claimed FROM stored_file WHERE name = $1', [name]))[0]?.claimed;

  it('keeps what rows claimed, removes at the next start a file no row claimed, and a refused application leaves nothing', async () => {
    const first = await startTestServer(postgres!);
    let second: TestServer | undefined;
    try {
      // An accusation and its attachment, stored together.
      const form = new FormData();
      form.append('attachment', new Blob([new Uint8Array(tinyPdf('Evidence'))], { type: 'application/pdf' }), 'evidence.pdf');
      form.append('subject', 'Asked for money');
      form.append('description', 'Twice.');
      const { reference } = await expectOk(await fetch(`${first.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form }), 201);
      const [{ attachment }] = await first.db.query<{ attachment: string }>('SELECT attachment FROM accusation WHERE reference = $1', [reference]);
      expect(await claimedOf(first, attachment)).toBe(true);

      // A refused application: its file is gone before the answer, and nothing waits to be claimed.
      const { token } = await expectOk(await fetch(`${first.url}/customer_user_api/login_customer_user`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CUSTOMER),
      }));
      const beforeRefusal = await storedFileNames(first, 'case-files');
      const application = new FormData();
      application.append('attachment', new Blob([new Uint8Array(tinyPdf('Refused'))], { type: 'application/pdf' }), 'documents.pdf');
      application.append('remark', 'No division chosen');
      await expectError(await fetch(`${first.url}/customer_case_api/create_case`, {
        method: 'POST', body: application, headers: { authorization: `Bearer ${token}` },
      }), 400, 'caseDivisionRequired');
      expect(await storedFileNames(first, 'case-files')).toEqual(beforeRefusal);

      // The process stopped between a finished upload and its row, two hours ago; another
      // instance finished one a moment ago and is about to store its row.
      const orphan = await saveOrphan(first);
      await first.db.query(`UPDATE stored_file SET created_at = now() - interval '2 hours'`);
      const young = await saveOrphan(first);
      expect(await claimedOf(first, orphan)).toBe(false);
      const demoFiles = (await first.db.query<{ name: string }>('SELECT name FROM stored_file WHERE claimed AND area = $1', ['case-files'])).map((row) => row.name);
      // The demo cases' PDFs are claimed by the seed's transaction, like uploads by their rows'.
      expect(demoFiles.length).toBeGreaterThan(0);
      expect(demoFiles).toHaveLength((await first.db.query('SELECT 1 FROM customer_case WHERE attachment IS NOT NULL UNION ALL SELECT 1 FROM customer_case WHERE response_attachment IS NOT NULL')).length);

      second = await startTestServer(postgres!, { sameDatabaseAs: first });
      const after = await storedFileNames(second, 'case-files');
      expect(after).not.toContain(orphan);
      expect(after.sort()).toEqual([...demoFiles, young].sort());
      expect(await second.db.query('SELECT 1 FROM stored_file_chunk c JOIN stored_file f ON f.id = c.file_id WHERE f.name = $1', [orphan])).toEqual([]);
      expect(await storedFile(second, 'accusation-files', attachment)).toEqual(tinyPdf('Evidence'));
    } finally {
      await second?.close();
      await first.close();
    }
  });

  it('stores a row and its file together or not at all', async () => {
    const server = await startTestServer(postgres!);
    try {
      const storage = storageOf(server);
      // A claim rolled back with its transaction leaves the file unclaimed.
      const name = await saveOrphan(server);
      await expect(server.db.transaction(async (tx) => {
        await storage.claim(tx, 'case-files', name);
        throw new Error('the row could not be stored');
      })).rejects.toThrow('the row could not be stored');
      expect(await claimedOf(server, name)).toBe(false);

      // A file gone before its row's transaction claims it: the row is not stored either.
      await storage.remove('case-files', name);
      const accusations = async () => (await server.db.query('SELECT 1 FROM accusation')).length;
      const before = await accusations();
      const lost = { name: '', phone: '', subject: 'S', description: 'D', accused_organizational_part: '', attachment: name, idempotencyFingerprint: null };
      await expect(createAccusationStore(server.db).insert(lost, 'ACC', null, (tx) => storage.claim(tx, 'case-files', name))).rejects.toThrow(/is gone/);
      expect(await accusations()).toBe(before);
    } finally {
      await server.close();
    }
  });
});
