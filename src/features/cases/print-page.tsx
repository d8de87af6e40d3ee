import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { httpStatus } from '../../app/http.ts';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { caseFileUrl, printNameIn, printQuery } from './api.ts';

/**
 * SPEC section 2 /print/{id}: back arrow, title, a download link on narrow screens (a Print
 * action on wide ones, issue 12), the PDF 700px high.
 * `id` is the owner's case id, or the print name a public status check gave (it holds no case id).
 */
export function PrintPage({ id }: { id: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const named = printNameIn(id);
  const print = useQuery({ ...printQuery(id), enabled: !named });
  const file = named ?? print.data?.file;
  return (
    <main className="page" id="main">
      <button type="button" className="back-link link-button no-print" onClick={() => router.history.back()}>
        <span aria-hidden="true">←</span> <Trans>Back</Trans>
      </button>
      <div className="page-title-row no-print">
        <h1>
          <Trans>Print</Trans>
        </h1>
        {file && (
          <a className="button button-primary narrow-only" href={caseFileUrl(file)} download>
            <Trans>Download</Trans>
          </a>
        )}
        {/* Wide screens print the pages shown below; the print style leaves out everything else. */}
        {file && (
          <button type="button" className="button button-primary wide-only" onClick={() => window.print()}>
            <Trans>Print</Trans>
          </button>
        )}
      </div>
      {!file && print.isPending && <Spinner />}
      {print.isError && (
        <p className="notice" role="alert">
          {httpStatus(print.error) === 404 ? <Trans>This case isn't available</Trans> : <Trans>The printable case could not be made. Please try again later.</Trans>}
        </p>
      )}
      {file && <LazyPdfViewer source={{ url: caseFileUrl(file) }} height={700} title={t`Printable case`} eager />}
    </main>
  );
}
