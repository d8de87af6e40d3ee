import { useState, type MouseEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { callPath } from '../../app/http.ts';
import { usePwa } from '../../app/pwa.ts';
import { session } from '../../app/session.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { toast } from '../../ui/toast.tsx';

type Export = 'exportMyData' | 'exportMyDataPdf';

/**
 * Issue 28, on the profile: the customer downloads everything the portal holds about them, as
 * JSON (for another service) or as a PDF in the page's language (to read). The links point at
 * the files, but the download needs the customer's token, which a plain link cannot send: a
 * click fetches it with the token and hands the browser the file.
 */
export function MyDataSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const { online } = usePwa();
  const [busy, setBusy] = useState<Export | undefined>();
  const href = (call: Export) => `/${callPath(call)}${call === 'exportMyDataPdf' ? `?language=${locale}` : ''}`;

  async function download(event: MouseEvent<HTMLAnchorElement>, call: Export, fileName: string) {
    event.preventDefault();
    if (busy) return;
    setBusy(call);
    try {
      const token = session.get()?.token;
      const response = await fetch(href(call), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error(`${call} answered ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
      // The browser has taken the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      toast('error', t`Your data could not be downloaded. Please try again.`);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section className="profile-details" aria-labelledby="my-data" data-testid="my-data">
      <h2 id="my-data">
        <Trans>My data</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Download everything the portal holds about you: your profile, your cases with their answers and history, your ratings, the list of
          your files and the notices we sent you.
        </Trans>
      </p>
      {!online && (
        <p className="notice" role="status">
          <Trans>You are offline. Downloading your data needs a connection to the server.</Trans>
        </p>
      )}
      <ul className="my-data-links">
        <li>
          <a href={href('exportMyDataPdf')} download="my-data.pdf" aria-busy={busy === 'exportMyDataPdf'} data-testid="my-data-pdf"
            onClick={(event) => void download(event, 'exportMyDataPdf', 'my-data.pdf')}>
            <Trans>Download as a PDF document</Trans>
          </a>
        </li>
        <li>
          <a href={href('exportMyData')} download="my-data.json" aria-busy={busy === 'exportMyData'} data-testid="my-data-json"
            onClick={(event) => void download(event, 'exportMyData', 'my-data.json')}>
            <Trans>Download as a data file (JSON)</Trans>
          </a>
        </li>
      </ul>
    </section>
  );
}
