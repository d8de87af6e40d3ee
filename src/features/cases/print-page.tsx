import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { httpStatus } from '../../app/http.ts';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { caseFileUrl, printQuery } from './api.ts';

/** SPEC section 2 /print/{id}: back arrow, title, a download link on narrow screens, the PDF 700px high. */
export function PrintPage({ id }: { id: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const print = useQuery(printQuery(id));
  return (
    <main className="page" id="main">
      <button type="button" className="back-link link-button" onClick={() => router.history.back()}>
        <span aria-hidden="true">←</span> <Trans>Back</Trans>
      </button>
      <div className="page-title-row">
        <h1>
          <Trans>Print</Trans>
        </h1>
        {print.data && (
          <a className="button button-primary narrow-only" href={caseFileUrl(print.data.file)} download>
            <Trans>Download</Trans>
          </a>
        )}
      </div>
      {print.isPending && <Spinner />}
      {print.isError && (
        <p className="notice" role="alert">
          {httpStatus(print.error) === 404 ? <Trans>This case isn't available</Trans> : <Trans>The printable case could not be made. Please try again later.</Trans>}
        </p>
      )}
      {print.data && <LazyPdfViewer source={{ url: caseFileUrl(print.data.file) }} height={700} title={t`Printable case`} />}
    </main>
  );
}
