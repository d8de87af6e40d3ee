import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { BackLink } from '../../ui/back-link.tsx';

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
        <BackLink to={backTo} />
      )}
      <div className="page-title-row">
        <h1>
          <Trans>Customer manual</Trans>
        </h1>
        <a className="button button-primary" href={manual.url} download={manual.fileName}>
          <Trans>Download the manual (PDF)</Trans>
        </a>
      </div>
      <LazyPdfViewer source={{ url: manual.url }} height={1000} title={t`Customer manual`} />
    </main>
  );
}
