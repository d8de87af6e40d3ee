import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatDate, formatTime } from '../i18n/dates.ts';
import { serverMessage } from '../i18n/locales.ts';
import { useLocale } from '../i18n/use-locale.ts';
import { outbox, shortId, useOutbox, visibleToCurrentUser, type OutboxItem } from './outbox.ts';
import { retryNow } from './sender.ts';

const STATE_BADGE: Record<OutboxItem['state'], [string, ReactNode]> = {
  waiting: ['badge-grey', <Trans>waiting</Trans>],
  sending: ['badge-blue', <Trans>sending</Trans>],
  sent: ['badge-green', <Trans>sent</Trans>],
  'needs-sign-in': ['badge-amber', <Trans>sign in to send</Trans>],
  refused: ['badge-red', <Trans>refused</Trans>],
};

/** Megabytes with one decimal, in the reader's numbers. */
const megabytes = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/**
 * Issue 27: how much of a waiting item's attachment the server has acknowledged (its upload's
 * offset, kept with the item), so a customer on a weak link sees it move and knows a reload or a
 * restart goes on from there.
 */
export function UploadBytes({ item }: { item: OutboxItem }) {
  const locale = useLocale();
  const { t } = useLingui();
  if (!item.file) return null;
  // The upload's own length once it is made (the server's Upload-Length), else the file's.
  const total = item.upload?.size ?? item.file.blob.size;
  const sentBytes = Math.min(item.upload?.offset ?? 0, total);
  const sent = megabytes(sentBytes, locale);
  const size = megabytes(total, locale);
  return (
    <div className="upload-progress" data-testid="outbox-upload-progress">
      <progress max={total} value={sentBytes} aria-label={t`Attachment sent`} />
      <span>
        <Trans>
          Attachment: {sent} MB of {size} MB sent
        </Trans>
      </span>
    </div>
  );
}

function OutboxEntry({ item }: { item: OutboxItem }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const visible = visibleToCurrentUser(item);
  const [badgeClass, badgeText] = STATE_BADGE[item.state];
  const time = new Date(item.createdAt);
  const editPath = item.kind === 'accusation' ? '/makeaccusation' : '/dashboard/cases';
  const kindName: Record<OutboxItem['kind'], ReactNode> = {
    accusation: <Trans>Accusation</Trans>,
    case: <Trans>Case application</Trans>,
    answer: <Trans>Answer to the corporation's request</Trans>,
  };
  return (
    <li className="outbox-item" data-testid="outbox-item" data-kind={item.kind} data-state={item.state}>
      <div className="outbox-item-head">
        <strong>
          {kindName[item.kind]}
          {visible && item.summary ? `: ${item.summary}` : ''}
        </strong>
        <span className={`badge ${badgeClass}`}>{badgeText}</span>
      </div>
      <span className="muted">
        {formatDate(time.toISOString(), locale)} {formatTime(time, locale)} ·{' '}
        <Trans>saved on this device as {shortId(item)}</Trans>
      </span>
      {(item.state === 'waiting' || item.state === 'sending' || item.state === 'needs-sign-in') && <UploadBytes item={item} />}
      {item.state === 'sent' && item.receipt && (
        <span>
          <Trans>
            Received: <strong>{item.receipt}</strong>
          </Trans>
        </span>
      )}
      {item.state === 'refused' && item.refusal && (
        <p className="form-error" role="alert">
          {serverMessage(item.refusal, locale)}
        </p>
      )}
      {item.state === 'needs-sign-in' && (
        <p className="muted">
          {item.kind === 'answer' ? <Trans>This answer goes once its owner signs in.</Trans> : <Trans>This application goes once its owner signs in.</Trans>}{' '}
          <Link to="/login">
            <Trans>Log in</Trans>
          </Link>
        </p>
      )}
      {item.state !== 'sent' && item.state !== 'sending' && (
        <div className="form-actions">
          {item.state !== 'needs-sign-in' && (
            <button type="button" className="button button-outline" onClick={() => void retryNow(item.id)}>
              <Trans>Retry now</Trans>
            </button>
          )}
          {item.state === 'refused' && visible && item.kind !== 'answer' && (
            <Link to={editPath} search={{ outbox: item.id }} className="button button-outline">
              <Trans>Edit and resend</Trans>
            </Link>
          )}
          {/* A refused answer is written again on its case's page, which says whether the case still waits for one. */}
          {item.state === 'refused' && visible && item.kind === 'answer' && item.caseId && (
            <Link to="/dashboard/case/$id" params={{ id: item.caseId }} className="button button-outline">
              <Trans>Open the case</Trans>
            </Link>
          )}
          {confirming ? (
            <>
              <span className="muted">{t`Discard it for good? It will not be sent.`}</span>
              <button type="button" className="button button-primary" onClick={() => void outbox.remove(item.id)}>
                <Trans>Yes, discard</Trans>
              </button>
              <button type="button" className="button button-outline" onClick={() => setConfirming(false)}>
                <Trans>Keep it</Trans>
              </button>
            </>
          ) : (
            <button type="button" className="button button-outline" onClick={() => setConfirming(true)}>
              <Trans>Discard</Trans>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** What waits on this device to be sent, and what was sent lately. */
export function OutboxPage() {
  const items = useOutbox();
  return (
    <main className="page page-narrow" id="main">
      <h1>
        <Trans>Outbox</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Accusations and applications made without a connection wait here and are sent by themselves when it returns. Sent
          items stay for a day so you can read their reference.
        </Trans>
      </p>
      {items && items.length === 0 && (
        <p className="notice" data-testid="outbox-empty">
          <Trans>The outbox is empty.</Trans>
        </p>
      )}
      <ul className="outbox-list">
        {[...(items ?? [])].reverse().map((item) => (
          <OutboxEntry key={item.id} item={item} />
        ))}
      </ul>
    </main>
  );
}
