import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { callPath } from '../../app/http.ts';
import { staffSession } from '../../app/staff-session.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { toast } from '../../ui/toast.tsx';

/**
 * "Print" on the staff case page (issue 24): the staff's printout (staffPrintCase, a PDF with
 * the history and internal notes) in the page's language, fetched with the staff token,
 * which a plain link cannot send, and opened in a new tab for the browser's own printing.
 */
export function PrintCaseButton({ caseId, caseNumber }: { caseId: string; caseNumber: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);

  async function print() {
    // Opened during the click, so no pop-up blocker refuses it; the PDF goes into it once here.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const response = await fetch(`/${callPath('staffPrintCase', { id: caseId })}?language=${locale}`, { headers: staffSession.headers() });
      if (!response.ok) throw new Error(`staffPrintCase answered ${response.status}`);
      // Kept until the page unloads: the tab may still be reading it, and a printout is small.
      const url = URL.createObjectURL(await response.blob());
      if (tab) tab.location.href = url;
      else {
        const link = Object.assign(document.createElement('a'), { href: url, download: `${caseNumber}.pdf` });
        link.click();
      }
    } catch {
      tab?.close();
      toast('error', t`The printout could not be made. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button-outline print-case" onClick={() => void print()} disabled={busy} data-testid="print-case">
      <Trans>Print</Trans>
    </button>
  );
}
