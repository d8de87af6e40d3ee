import { lazy, Suspense, type ComponentProps } from 'react';
import { frameHeight } from './pdf/frame.ts';
import { Spinner } from './spinner.tsx';

// pdf.js is a large download: only the pages that show a PDF load it (TOOLCHAIN.md pitfall 4).
const PdfViewer = lazy(() => import('./pdf/pdf-viewer.tsx').then((m) => ({ default: m.PdfViewer })));

export function LazyPdfViewer(props: ComponentProps<typeof PdfViewer>) {
  // The viewer's own space while its code loads: the page below does not move when it comes (issue 12, CLS).
  const placeholder = (
    <div className="pdf-document" style={frameHeight(props.height)}>
      <div className="pdf-toolbar" />
      <div className="pdf-viewer">
        <div className="pdf-viewer-status">
          <Spinner />
        </div>
      </div>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <PdfViewer {...props} />
    </Suspense>
  );
}
