import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Spinner } from '../spinner.tsx';
import { A4_RATIO, frameHeight, ZOOMS } from './frame.ts';

type Source = { url: string; headers?: Record<string, string> } | { data: Uint8Array };

/**
 * The link that opens the PDF in the phone's own viewer or saves it. A plain URL works as it
 * is (the service worker may serve it offline); a file that needs the bearer token or that
 * is still on the device becomes a blob once its bytes are here.
 */
function useOpenLink(source: Source, doc: PDFDocumentProxy | undefined) {
  const plain = 'url' in source && !source.headers ? source.url : undefined;
  const [blobUrl, setBlobUrl] = useState<string>();
  useEffect(() => {
    if (plain || !doc) return;
    let url: string | undefined;
    let cancelled = false;
    void doc.getData().then((bytes) => {
      if (cancelled) return;
      url = URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/pdf' }));
      setBlobUrl(url);
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setBlobUrl(undefined);
    };
  }, [plain, doc]);
  return plain ?? blobUrl;
}

/**
 * Renders a PDF inline with pdf.js (every PDF in the app goes through here), page under
 * page in a scrolling frame of the height the spec gives (SPEC section 9), fitted to the
 * frame's width, with zoom and an open/download link. Every page's space is
 * kept from the start — A4 until the first page tells its real shape — so nothing moves
 * while pages render.
 */
export function PdfViewer({ source, height, title, eager = false }: {
  source: Source;
  height: number;
  title: string;
  /** Draw every page at once (a page that prints them all); otherwise each page as it nears the frame's view. */
  eager?: boolean;
}) {
  const { t } = useLingui();
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [shape, setShape] = useState({ pages: 1, ratio: A4_RATIO });
  const [zoom, setZoom] = useState<number>(1);
  const key = 'url' in source ? source.url : source.data;
  const openUrl = useOpenLink(source, doc);

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    setState('loading');
    setDoc(undefined);
    (async () => {
      const { pdfjs } = await import('./pdfjs.ts');
      const task = pdfjs.getDocument(
        'url' in source ? { url: source.url, httpHeaders: source.headers } : { data: source.data.slice() },
      );
      destroy = () => void task.destroy();
      const loaded = await task.promise;
      const first = (await loaded.getPage(1)).getViewport({ scale: 1 });
      if (cancelled) return;
      setShape({ pages: loaded.numPages, ratio: first.height / first.width });
      setDoc(loaded);
    })().catch(() => !cancelled && setState('error'));
    return () => {
      cancelled = true;
      destroy();
    };
    // Not `source`: its identity is its url or bytes, which `key` stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reason is above
  }, [key]);

  // Each page is drawn off screen and then put into its slot, at the zoom's sharpness, one
  // after another. Issue 13: only the pages within half a frame's height of the view are
  // drawn; the rest wait until scrolled near, so a cheap phone draws the manual's first two
  // pages, not all four, while the page loads (each costs it ~0.4 s of busy main thread).
  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    const slots = [...pagesRef.current!.children] as HTMLElement[];
    const width = pagesRef.current!.clientWidth || 800;
    const drawn = new Set<number>();
    let queue = Promise.resolve();
    const draw = (n: number) => {
      if (drawn.has(n)) return;
      drawn.add(n);
      queue = queue
        .then(() => (cancelled ? undefined : drawPage(n)))
        .catch(() => {
          if (!cancelled) setState('error');
        });
    };
    const drawPage = async (n: number) => {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (width / base.width) * (window.devicePixelRatio || 1) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.className = 'pdf-page';
      canvas.setAttribute('aria-hidden', 'true');
      await page.render({ canvas, viewport }).promise;
      if (cancelled) return;
      slots[n - 1].style.aspectRatio = `${base.width} / ${base.height}`;
      slots[n - 1].replaceChildren(canvas);
      if (n === 1) setState('ready');
    };
    draw(1);
    const near = eager || typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver(
          (entries) => entries.filter((entry) => entry.isIntersecting).forEach((entry) => draw(slots.indexOf(entry.target as HTMLElement) + 1)),
          { root: pagesRef.current!.parentElement, rootMargin: '50% 0px' },
        );
    if (near) slots.forEach((slot) => near.observe(slot));
    else for (let n = 2; n <= doc.numPages; n++) draw(n);
    return () => {
      cancelled = true;
      near?.disconnect();
    };
  }, [doc, zoom, eager]);

  const step = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <div className="pdf-document" style={frameHeight(height)}>
      <div className="pdf-toolbar" role="toolbar" aria-label={t`Tools for ${title}`}>
        <button type="button" className="pdf-tool" aria-label={t`Zoom out`} disabled={step <= 0} onClick={() => setZoom(ZOOMS[step - 1])}>
          −
        </button>
        <output className="pdf-zoom" aria-live="polite" data-testid="pdf-zoom">
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className="pdf-tool" aria-label={t`Zoom in`} disabled={step >= ZOOMS.length - 1} onClick={() => setZoom(ZOOMS[step + 1])}>
          +
        </button>
        <button type="button" className="pdf-tool pdf-tool-text" disabled={zoom === 1} onClick={() => setZoom(1)}>
          <Trans>Fit width</Trans>
        </button>
        {openUrl && (
          <a className="pdf-open" href={openUrl} target="_blank" rel="noopener">
            <Trans>Open / download</Trans>
          </a>
        )}
      </div>
      <div className="pdf-viewer" role="region" aria-label={title} tabIndex={0}>
        {state === 'loading' && (
          <div className="pdf-viewer-status">
            <Spinner />
          </div>
        )}
        {state === 'error' && (
          <p className="pdf-viewer-status notice" role="alert">
            <Trans>The document could not be shown. Use the download link instead.</Trans>
          </p>
        )}
        <div ref={pagesRef} className="pdf-pages" data-state={state} style={{ width: `${zoom * 100}%` }}>
          {Array.from({ length: shape.pages }, (_, index) => (
            <div key={index} className="pdf-page-slot" style={{ aspectRatio: `1 / ${shape.ratio}` }} />
          ))}
        </div>
      </div>
    </div>
  );
}
