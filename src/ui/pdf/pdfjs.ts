import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// This module is only ever imported dynamically, so pdf.js stays off pages without a PDF.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { pdfjs };
