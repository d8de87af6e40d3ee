import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * What a form turns into once it was sent or kept in the outbox: the number to
 * quote in large type, a way to copy it and to print or save the page, what happens next,
 * and where to follow it. It takes the form's place and the focus, from the top of the
 * page, so a phone shows the number without scrolling and a screen reader reads it first.
 */
export function ReceiptPanel({
  title,
  message,
  numberLabel,
  number,
  next,
  children,
  testId,
}: {
  title: ReactNode;
  /** The server's own words, when it answered. */
  message?: ReactNode;
  numberLabel: ReactNode;
  number: string;
  next: ReactNode;
  /** Links onward: the status, the outbox, another form. */
  children?: ReactNode;
  testId: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);

  const copy = () =>
    void navigator.clipboard
      ?.writeText(number)
      .then(() => setCopied(true))
      // Without clipboard access the number stays selectable in large type; nothing more to do.
      .catch(() => setCopied(false));

  return (
    <section className="receipt-panel" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h1 id={`${testId}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {message && <p className="receipt-message">{message}</p>}
      <p className="receipt-label">{numberLabel}</p>
      <p className="receipt-number" data-testid={`${testId}-number`}>
        {number}
      </p>
      <div className="receipt-actions">
        <button type="button" className="button button-outline" onClick={copy}>
          {copied ? <Trans>Copied</Trans> : <Trans>Copy the number</Trans>}
        </button>
        <button type="button" className="button button-outline" onClick={() => window.print()}>
          <Trans>Print or save</Trans>
        </button>
      </div>
      <h2 className="receipt-next-title">
        <Trans>What happens next</Trans>
      </h2>
      <p className="receipt-next">{next}</p>
      {children && <div className="receipt-links">{children}</div>}
    </section>
  );
}
