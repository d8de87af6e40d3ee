import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxDb } from './db.ts';
import { drafts } from './drafts.ts';

const pdf = (name: string) => new File(['%PDF-1.4 draft'], name, { type: 'application/pdf' });

describe('drafts on the device', () => {
  beforeEach(async () => {
    await outboxDb.drafts.clear();
    await outboxDb.draftFiles.clear();
  });

  it('keeps the text and the PDF, and leaves the PDF as it is when a save does not name it', async () => {
    await drafts.save('accusation', undefined, { subject: 'First' }, pdf('evidence.pdf'));
    await drafts.save('accusation', undefined, { subject: 'Second' });
    const draft = await drafts.get<{ subject: string }>('accusation');
    expect(draft?.fields).toEqual({ subject: 'Second' });
    expect(draft?.file?.name).toBe('evidence.pdf');
    expect(await draft?.file?.text()).toBe('%PDF-1.4 draft');
  });

  it('drops the PDF when a save says it was removed, and forgets the whole draft on remove', async () => {
    await drafts.save('accusation', undefined, { subject: 'With file' }, pdf('evidence.pdf'));
    await drafts.save('accusation', undefined, { subject: 'Without' }, null);
    expect((await drafts.get('accusation'))?.file).toBeUndefined();
    await drafts.remove('accusation');
    expect(await drafts.get('accusation')).toBeUndefined();
  });

  it("removes every customer's draft at logout and keeps the accusation, which belongs to no account", async () => {
    await drafts.save('accusation', undefined, { subject: 'Anonymous' }, pdf('a.pdf'));
    await drafts.save('case:c1', 'c1', { remark: 'One' }, pdf('one.pdf'));
    await drafts.save('case:c2', 'c2', { remark: 'Two' });
    await drafts.forgetCustomers();
    expect((await outboxDb.drafts.toArray()).map((d) => d.key)).toEqual(['accusation']);
    expect((await outboxDb.draftFiles.toArray()).map((f) => f.key)).toEqual(['accusation']);
  });
});
