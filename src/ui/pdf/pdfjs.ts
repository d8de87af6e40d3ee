import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import rendererUrl from 'pdfjs-dist/build/pdf.renderer.min.mjs?url';

// This module is only ever imported dynamically, so pdf.js stays off pages without a PDF.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
// Issue 13: pages are drawn on an OffscreenCanvas in a worker of their own, so a cheap
// phone's main thread stays free while the manual renders (drawn on the main thread, each
// page held it for 70–130 ms slices under Lighthouse's 4× slowdown). A browser without
// OffscreenCanvas draws on the main thread as before (pdf.js decides).
pdfjs.GlobalWorkerOptions.rendererSrc = rendererUrl;

export { pdfjs };
