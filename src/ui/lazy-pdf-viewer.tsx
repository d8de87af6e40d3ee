import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from './spinner.tsx';

// pdf.js is a large download: only the pages that show a PDF load it (TOOLCHAIN.md pitfall 4).
const PdfViewer = lazy(() => import('./pdf/pdf-viewer.tsx').then((m) => ({ default: m.PdfViewer })));

export function LazyPdfViewer(props: ComponentProps<typeof PdfViewer>) {
  return (
    <Suspense fallback={<Spinner />}>
      <PdfViewer {...props} />
    </Suspense>
  );
}
