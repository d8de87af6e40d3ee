import { useEffect, useRef, useState } from 'react';
import { afterFirstPaint } from '../app/first-paint.ts';
import { session } from '../app/session.ts';
import { drafts, type DraftValue } from './drafts.ts';

/** Half a second after the last keystroke: often enough to lose little, rarely enough for a cheap phone. */
const SAVE_DELAY_MS = 500;

/** Nothing typed yet: every text blank, no choice made. */
function blank(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  if (value && typeof value === 'object') return Object.values(value).every(blank);
  return value === undefined;
}

export const isBlankDraft = (value: DraftValue<unknown>) => !value.file && blank(value.fields);

/**
 * Keeps a form's draft on the device as it is typed: restored when the form
 * opens again after a reload, a crash or an update, removed once the form is blank again.
 * `key` undefined keeps no draft (a refused outbox item being edited is kept by the
 * outbox). A customer's draft (`ownerId`) is written only while that customer is signed
 * in, so nothing is saved after a logout has removed their drafts.
 *
 * `fields` must keep its identity while unchanged (form state, or memoised).
 */
export function useDraft<Fields>({
  key,
  ownerId,
  fields,
  file,
  restore,
}: {
  key: string | undefined;
  ownerId?: string;
  fields: Fields;
  file: File | undefined;
  restore: (draft: DraftValue<Fields>) => void;
}) {
  const [saved, setSaved] = useState(false);
  // Nothing is written for a key until its stored draft was read: the empty form would overwrite it.
  const [readKey, setReadKey] = useState<string>();
  const latest = useRef({ key, ownerId, fields, file });
  // The PDF the stored draft holds: the text is rewritten on each save, the file only when it changes.
  const storedFile = useRef<File>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    latest.current = { key, ownerId, fields, file };
  });

  const write = async () => {
    const { key, ownerId, fields, file } = latest.current;
    if (!key || (ownerId && session.get()?.customerId !== ownerId)) return;
    if (isBlankDraft({ fields, file })) {
      storedFile.current = undefined;
      setSaved(false);
      return drafts.remove(key);
    }
    const changedFile = file === storedFile.current ? undefined : (file ?? null);
    storedFile.current = file;
    await drafts.save(key, ownerId, fields, changedFile);
    setSaved(true);
  };
  const cancelPending = () => {
    clearTimeout(timer.current);
    const pending = timer.current !== undefined;
    timer.current = undefined;
    return pending;
  };

  useEffect(() => {
    setSaved(false);
    setReadKey(undefined);
    if (!key) return;
    let current = true;
    // Issue 13: read once the page is shown. Reading loads Dexie (~30 KB gzip), which on a
    // slow phone's first visit would otherwise be fetched and run before the first paint.
    void afterFirstPaint()
      .then(() => (current ? drafts.get<Fields>(key) : undefined))
      .then((draft) => {
        if (!current) return;
        storedFile.current = draft?.file;
        // Typed before the stored draft came back: what is on the screen wins.
        const typed = !isBlankDraft(latest.current);
        if (draft && !typed) {
          restore(draft);
          setSaved(true);
        }
        setReadKey(key);
      });
    return () => {
      current = false;
      // Leaving the form (or the customer) within the delay still keeps the last keystrokes.
      if (cancelPending()) void write();
    };
    // Read once per key: `restore` and `write` are new each render and no reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reason is above
  }, [key]);

  useEffect(() => {
    if (!key || readKey !== key) return;
    cancelPending();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void write();
    }, SAVE_DELAY_MS);
  }, [key, readKey, fields, file]);

  return {
    /** The form as it stands is kept on this device. */
    saved,
    /** Sent, queued or discarded: the draft goes (the form clears itself, or is replaced). */
    forget: () => {
      cancelPending();
      storedFile.current = undefined;
      setSaved(false);
      return key ? drafts.remove(key) : Promise.resolve();
    },
    /** Keep what the form holds now, at once (the server refused it, and the form still shows it). */
    saveNow: () => {
      cancelPending();
      return write();
    },
  };
}

export type DraftControl = ReturnType<typeof useDraft>;
