import { useEffect, useMemo, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../spinner.tsx';
import { jpegsToPdf } from './pdf-writer.ts';
import { photoToPage as canvasPhotoToPage, type PhotoToPage } from './photo-page.ts';

interface Photo {
  id: number;
  file: File;
}

/** A converted page, or the word that its photo could not be read. */
type Page = { jpeg: Uint8Array<ArrayBuffer>; url: string } | 'unreadable';

const pageKey = (photo: Photo, greyscale: boolean) => `${photo.id}:${greyscale ? 'grey' : 'colour'}`;

/**
 * Issue 27: photos of paper documents become the pages of one PDF on the phone, for the
 * forms' PDF attachment slot. Each photo is converted as it is added (one at a time: a
 * decoded phone photo takes ~50 MB), the customer sees every page, removes or reorders
 * them, and "Use these pages" hands the PDF to the form, whose size limit and checks apply
 * as to any chosen file. Loaded only when someone chooses "Take or choose photos".
 */
export function PhotoPdfMaker({
  id,
  onDone,
  onCancel,
  photoToPage = canvasPhotoToPage,
}: {
  id: string;
  onDone: (pdf: File) => void;
  onCancel: () => void;
  photoToPage?: PhotoToPage;
}) {
  const { t } = useLingui();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [greyscale, setGreyscale] = useState(false);
  // Pages of both colour choices are kept: switching back costs nothing.
  const [pages, setPages] = useState<ReadonlyMap<string, Page>>(new Map());
  const converting = useRef(false);
  const nextId = useRef(1);

  useEffect(() => {
    if (converting.current) return;
    const photo = photos.find((candidate) => !pages.has(pageKey(candidate, greyscale)));
    if (!photo) return;
    converting.current = true;
    const key = pageKey(photo, greyscale);
    const done = (page: Page) => {
      converting.current = false;
      setPages((current) => new Map(current).set(key, page));
    };
    photoToPage(photo.file, { greyscale }).then(
      (jpeg) => done({ jpeg, url: URL.createObjectURL(new Blob([jpeg], { type: 'image/jpeg' })) }),
      () => done('unreadable'),
    );
  }, [photos, greyscale, pages, photoToPage]);

  // The thumbnails' object URLs go with the panel.
  const allPages = useRef(pages);
  allPages.current = pages;
  useEffect(
    () => () => {
      for (const page of allPages.current.values()) if (page !== 'unreadable') URL.revokeObjectURL(page.url);
    },
    [],
  );

  const shown = photos.map((photo) => ({ photo, page: pages.get(pageKey(photo, greyscale)) }));
  const pdf = useMemo(() => {
    const jpegs = photos.flatMap((photo) => {
      const page = pages.get(pageKey(photo, greyscale));
      return page && page !== 'unreadable' ? [page.jpeg] : [];
    });
    if (jpegs.length === 0 || jpegs.length < photos.length) return undefined;
    return new File([jpegsToPdf(jpegs)], 'photos.pdf', { type: 'application/pdf' });
  }, [photos, pages, greyscale]);
  const kb = pdf ? Math.round(pdf.size / 1024) : 0;

  const add = (input: HTMLInputElement) => {
    const added = Array.from(input.files ?? [], (file) => ({ id: nextId.current++, file }));
    // Emptied, so choosing the same photo again is a change too.
    input.value = '';
    setPhotos((current) => [...current, ...added]);
  };
  const move = (index: number, by: -1 | 1) =>
    setPhotos((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  const remove = (index: number) => setPhotos((current) => current.filter((_, at) => at !== index));

  return (
    <section className="photo-pdf" aria-labelledby={`${id}-photos-title`}>
      <h2 id={`${id}-photos-title`}>
        <Trans>Pages from photos</Trans>
      </h2>
      <p className="form-hint">
        <Trans>Each photo becomes one page of a PDF. Photograph the whole page from above, in good light.</Trans>
      </p>
      <div className="photo-pdf-add">
        {/* The camera on a phone; capture opens it directly, so picking saved photos is the second input. */}
        <label className="button button-outline">
          <input type="file" accept="image/*" capture="environment" multiple className="visually-hidden" onChange={(event) => add(event.target)} />
          <Trans>Take a photo</Trans>
        </label>
        <label className="button button-outline">
          <input type="file" accept="image/*" multiple className="visually-hidden" data-testid={`${id}-photos`} onChange={(event) => add(event.target)} />
          <Trans>Choose photos</Trans>
        </label>
      </div>
      <label className="checkbox-field">
        <input type="checkbox" checked={greyscale} onChange={(event) => setGreyscale(event.target.checked)} />
        <Trans>Black and white (a smaller file)</Trans>
      </label>
      {shown.length === 0 ? (
        <p className="muted">
          <Trans>No pages yet.</Trans>
        </p>
      ) : (
        <ol className="photo-pdf-pages" aria-label={t`Pages`}>
          {shown.map(({ photo, page }, index) => {
            const number = index + 1;
            return (
              <li key={photo.id} className="photo-pdf-page">
                <div className="photo-pdf-thumbnail">
                  {page === undefined ? (
                    <Spinner label={t`Preparing page ${number}`} />
                  ) : page === 'unreadable' ? (
                    <span role="alert">
                      <Trans>This photo could not be read. Remove it and take it again.</Trans>
                    </span>
                  ) : (
                    <img src={page.url} alt={t`Page ${number}`} />
                  )}
                </div>
                <div className="photo-pdf-tools">
                  <span className="photo-pdf-number" aria-hidden="true">
                    {number}
                  </span>
                  <button type="button" className="pdf-tool" aria-label={t`Move page ${number} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    ↑
                  </button>
                  <button type="button" className="pdf-tool" aria-label={t`Move page ${number} down`} disabled={index === shown.length - 1} onClick={() => move(index, 1)}>
                    ↓
                  </button>
                  <button type="button" className="pdf-tool" aria-label={t`Remove page ${number}`} onClick={() => remove(index)}>
                    ×
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {pdf && (
        <p data-testid={`${id}-photos-size`}>
          <Plural value={shown.length} one={`One page, ${kb} KB`} other={`# pages, ${kb} KB`} />
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button-outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button button-primary" disabled={!pdf} onClick={() => pdf && onDone(pdf)}>
          <Trans>Use these pages</Trans>
        </button>
      </div>
    </section>
  );
}
