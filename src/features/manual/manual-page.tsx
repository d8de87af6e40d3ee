import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { Spinner } from '../../ui/spinner.tsx';

// pdf.js is a large download: only the pages that show a PDF load it (TOOLCHAIN.md pitfall 4).
const PdfViewer = lazy(() => import('../../ui/pdf/pdf-viewer.tsx').then((m) => ({ default: m.PdfViewer })));

/** The manual exists in English and Amharic; Tigrinya readers get the Amharic one (same script). */
export function manualFor(locale: Locale) {
  const language = locale === 'am' || locale === 'ti' ? 'am' : 'en';
  return { url: `/manual/customer-manual-${language}.pdf`, fileName: `Customer-Manual-${language.toUpperCase()}.pdf` };
}

/** SPEC section 2 "Manual": title, download link, the PDF in a viewer 1000px high. */
export function ManualPage({ backTo }: { backTo?: '/dashboard' }) {
  const { t } = useLingui();
  const manual = manualFor(useLocale());
  return (
    <main className="page" id="main">
      {backTo && (
        <Link to={backTo} className="back-link">
          <span aria-hidden="true">←</span> <Trans>Back</Trans>
        </Link>
      )}
      <div className="page-title-row">
        <h1>
          <Trans>Customer manual</Trans>
        </h1>
        <a className="button button-primary" href={manual.url} download={manual.fileName}>
          <Trans>Download the manual (PDF)</Trans>
        </a>
      </div>
      <Suspense fallback={<Spinner />}>
        <PdfViewer source={{ url: manual.url }} height={1000} title={t`Customer manual`} />
      </Suspense>
    </main>
  );
}
