import { useState, type ComponentProps } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InformationRequest } from '../../server/contract/cases.ts';
import { formatDate } from '../i18n/dates.ts';
import { useLocale } from '../i18n/use-locale.ts';
import { LazyPdfViewer } from './lazy-pdf-viewer.tsx';

export type { InformationRequest };

/** The request still waiting for its customer's answer, if one is. */
export const openRequest = (requests: InformationRequest[]) => requests.findLast((request) => request.answer === null);

/**
 * What the corporation asked a case's customer and what they answered (issue 25), oldest first,
 * on the customer's case page and the staff's alike. An answer's PDF opens on demand: a case
 * asked about several times would otherwise load pdf.js and every file at once.
 */
export function InformationRequestList({
  requests,
  fileSource,
}: {
  requests: InformationRequest[];
  /** Where an answer's PDF is read, with the reader's token. */
  fileSource: (file: string) => ComponentProps<typeof LazyPdfViewer>['source'];
}) {
  const locale = useLocale();
  return (
    <ol className="history-list information-requests" data-testid="information-requests">
      {requests.map((request) => {
        const asked = formatDate(request.asked_at, locale);
        const { answer } = request;
        const answered = answer && formatDate(answer.answered_at, locale);
        return (
          <li key={request._id} className="history-entry" data-testid="information-request">
            <strong>
              <Trans>Request of {asked}</Trans>
            </strong>
            <p className="remark">{request.message}</p>
            {answer ? (
              <div className="information-answer" data-testid="information-answer">
                <strong>
                  <Trans>Answer of {answered}</Trans>
                </strong>
                <p className="remark">{answer.text}</p>
                {answer.attachment && <AnswerFile source={fileSource(answer.attachment)} />}
              </div>
            ) : (
              <p className="muted">
                <Trans>Not answered yet.</Trans>
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function AnswerFile({ source }: { source: ComponentProps<typeof LazyPdfViewer>['source'] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <Trans>Hide the attached PDF</Trans> : <Trans>Show the attached PDF</Trans>}
      </button>
      {open && <LazyPdfViewer source={source} height={500} title={t`Attached PDF`} />}
    </>
  );
}
