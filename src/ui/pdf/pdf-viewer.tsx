import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Spinner } from '../spinner.tsx';

type Source = { url: string; headers?: Record<string, string> } | { data: Uint8Array };

/**
 * Renders a PDF inline with pdf.js (every PDF in the app goes through here), page under
 * page in a scrolling frame of the height the spec gives (SPEC section 9).
 */
export function PdfViewer({ source, height, title }: { source: Source; height: number; title: string }) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const key = 'url' in source ? source.url : source.data;

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    const container = pagesRef.current!;
    setState('loading');
    (async () => {
      const { pdfjs } = await import('./pdfjs.ts');
      const task = pdfjs.getDocument(
        'url' in source ? { url: source.url, httpHeaders: source.headers } : { data: source.data.slice() },
      );
      destroy = () => void task.destroy();
      const doc = await task.promise;
      container.replaceChildren();
      const width = container.clientWidth || 800;
      for (let n = 1; n <= doc.numPages && !cancelled; n++) {
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / base.width) * (window.devicePixelRatio || 1) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'pdf-page';
        canvas.setAttribute('aria-hidden', 'true');
        container.append(canvas);
        await page.render({ canvas, viewport }).promise;
        if (n === 1 && !cancelled) setState('ready');
      }
      if (!cancelled) setState('ready');
    })().catch(() => !cancelled && setState('error'));
    return () => {
      cancelled = true;
      destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the source's identity is its url or bytes
  }, [key]);

  return (
    <div className="pdf-viewer" style={{ height }} role="region" aria-label={title} tabIndex={0}>
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
      <div ref={pagesRef} className="pdf-pages" data-state={state} />
    </div>
  );
}
