import type { Static } from 'typebox';
import type { Case, CaseHistoryEntry } from '../contract/cases.ts';
import type { Locale } from '../contract/constants.ts';
import { notFound } from '../errors/api-error.ts';
import type { FileStorage } from '../files/storage.ts';
import { renderMyDataPdf, type MyData } from './my-data-pdf.ts';
import type { MyDataStore } from './store.ts';

interface Dependencies {
  store: MyDataStore;
  /** The customer's own case reads: every case as the case page shows it, and the history as the history page shows it. */
  cases: { allCases: (customerId: string) => Promise<Case[]>; history: (customerId: string) => Promise<Static<typeof CaseHistoryEntry>[]> };
  storage: FileStorage;
  clock: () => number;
}

const LOCALE_OF: Record<string, Locale> = { en: 'en', am: 'am', or: 'om', tg: 'ti', sm: 'so', af: 'aa' };

/**
 * Issue 28, the right of access: everything the portal holds about the signed-in customer,
 * from their own views where they have one (the cases and their history exactly as they see
 * them) and from the store for the rest; the files by name, size and date, not their bytes.
 */
export function createMyDataService({ store, cases, storage, clock }: Dependencies) {
  /** A file's size as stored now (null when it is gone); the bytes are not read. */
  async function sizeOf(area: 'customer-images' | 'case-files', name: string): Promise<number | null> {
    const opened = await storage.open(area, name);
    if (!opened) return null;
    opened.stream.destroy();
    return opened.size;
  }

  async function collect(customerId: string): Promise<MyData> {
    const profile = await store.profile(customerId);
    if (!profile) throw notFound();
    const [allCases, history, ratings, fileRefs, notices, sms, telegram, noticeChannels] = await Promise.all([
      cases.allCases(customerId), cases.history(customerId), store.ratings(customerId), store.files(customerId),
      store.notices(customerId), store.sms(customerId), store.telegram(customerId), store.noticeChannels(customerId),
    ]);
    const files = [];
    for (const file of fileRefs) files.push({ ...file, size: await sizeOf(file.area, file.name) });
    return {
      exported_at: new Date(clock()).toISOString(),
      profile, cases: allCases, history, ratings, files, notices, sms, telegram, notice_channels: noticeChannels,
    };
  }

  return {
    exportJson: collect,

    /** The same, drawn as a PDF in `locale`, else in the customer's own language. */
    async exportPdf(customerId: string, locale?: Locale): Promise<Buffer> {
      const data = await collect(customerId);
      const language = locale ?? LOCALE_OF[String(data.profile.language)] ?? 'am';
      return renderMyDataPdf(data, language, new Date(clock()));
    },
  };
}
export type MyDataService = ReturnType<typeof createMyDataService>;
