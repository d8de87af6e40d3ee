import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Messages } from '../../../server/contract/common.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { shortId } from '../../outbox/outbox.ts';
import type { Delivered } from '../../outbox/use-outbox-submit.ts';
import { ReceiptPanel } from '../../ui/receipt-panel.tsx';

// SPEC section 9: after a case is created the browser moves to the status list in 6 seconds.
const AFTER_APPLY_SECONDS = 6;

/** The apply form's last step: the receipt of the case, or of where the application waits. */
export function ApplyDoneStep({ delivered }: { delivered: Delivered }) {
  return (
    <main className="page page-narrow" id="main">
      {delivered.kind === 'sent' ? (
        <CaseCreated body={delivered.body} caseNumber={delivered.receipt} />
      ) : (
        <ApplicationQueued queuedAs={shortId(delivered.item)} />
      )}
    </main>
  );
}

const CASES = { to: '/dashboard/casestatus', search: { page: 1, sort: -1 } } as const;

/**
 * The case number with SPEC's 6-second move to the case list. A time limit must be one
 * people can switch off (WCAG 2.2.1), so "Stay on this page" stops it for whoever needs
 * longer to note the number.
 */
function CaseCreated({ body, caseNumber }: { body: Messages; caseNumber: string }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | undefined>(AFTER_APPLY_SECONDS);

  useEffect(() => {
    if (secondsLeft === undefined) return;
    if (secondsLeft === 0) {
      void navigate(CASES);
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => (s === undefined ? s : s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, navigate]);

  return (
    <ReceiptPanel
      testId="case-receipt"
      title={<Trans>Application sent</Trans>}
      message={
        <>
          {serverMessage(body, locale)}
          {secondsLeft !== undefined && (
            // Near the top: a toast at the bottom of a phone's screen would cover it.
            <span className="receipt-countdown" role="timer">
              <Trans>Going to your cases in {secondsLeft} seconds.</Trans>{' '}
              <button type="button" className="link-button" onClick={() => setSecondsLeft(undefined)}>
                <Trans>Stay on this page</Trans>
              </button>
            </span>
          )}
        </>
      }
      numberLabel={<Trans>Your case number</Trans>}
      number={caseNumber}
      next={
        <Trans>
          The corporation reviews your application. Its status, the schedule and the response appear in your cases,
          and anyone can check the status with this number.
        </Trans>
      }
    >
      <Link {...CASES} className="button button-primary">
        <Trans>Check its status</Trans>
      </Link>
    </ReceiptPanel>
  );
}

function ApplicationQueued({ queuedAs }: { queuedAs: string }) {
  return (
    <ReceiptPanel
      testId="application-queued"
      title={<Trans>Saved on this device</Trans>}
      numberLabel={<Trans>Saved as</Trans>}
      number={queuedAs}
      next={
        <Trans>
          Your application will be sent by itself when the connection returns; the outbox shows its progress and, once
          sent, its case number.
        </Trans>
      }
    >
      <Link to="/outbox" className="button button-primary">
        <Trans>Check its status in the outbox</Trans>
      </Link>
    </ReceiptPanel>
  );
}
