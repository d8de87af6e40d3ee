import { withOutboxDb } from './open-db.ts';

/** A form's draft as the form holds it: its fields, and the PDF chosen, if any. */
export interface DraftValue<Fields> {
  fields: Fields;
  file?: File;
}

/** The drafts kept on this device, one per form (and per customer for the application). */
export const drafts = {
  async get<Fields>(key: string): Promise<DraftValue<Fields> | undefined> {
    return withOutboxDb(async (outboxDb) => {
      const [draft, file] = await Promise.all([outboxDb.drafts.get(key), outboxDb.draftFiles.get(key)]);
      if (!draft) return undefined;
      return {
        fields: draft.fields as Fields,
        file: file && new File([file.blob], file.name, { type: 'application/pdf' }),
      };
    });
  },
  /** Writes the text; the PDF only when `file` is given (it changed), `null` when it was removed. */
  save(key: string, ownerId: string | undefined, fields: unknown, file?: File | null) {
    return withOutboxDb((outboxDb) =>
      outboxDb.transaction('rw', outboxDb.drafts, outboxDb.draftFiles, async () => {
        await outboxDb.drafts.put({ key, ownerId, fields, savedAt: Date.now() });
        if (file === null) await outboxDb.draftFiles.delete(key);
        else if (file) await outboxDb.draftFiles.put({ key, ownerId, blob: file, name: file.name });
      }),
    );
  },
  remove(key: string) {
    return withOutboxDb((outboxDb) =>
      outboxDb.transaction('rw', outboxDb.drafts, outboxDb.draftFiles, () =>
        Promise.all([outboxDb.drafts.delete(key), outboxDb.draftFiles.delete(key)]),
      ),
    );
  },
  /**
   * At logout: every customer's draft leaves the device, so the next person on a shared
   * phone finds none. Accusation drafts belong to no account and stay.
   */
  forgetCustomers() {
    return withOutboxDb((outboxDb) =>
      outboxDb.transaction('rw', outboxDb.drafts, outboxDb.draftFiles, () =>
        Promise.all([
          outboxDb.drafts.filter((draft) => draft.ownerId !== undefined).delete(),
          outboxDb.draftFiles.filter((file) => file.ownerId !== undefined).delete(),
        ]),
      ),
    );
  },
};
