import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { DraftControl } from './use-draft.ts';

/**
 * Under a form that keeps a draft: says it is kept on this device, and discards it after
 * a confirmation. `onDiscard` empties the form.
 */
export function DraftStatus({ draft, onDiscard }: { draft: DraftControl; onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!draft.saved) return null;
  return (
    <div className="draft-status" data-testid="draft-status">
      {confirming ? (
        <>
          <p className="draft-status-text" role="alert">
            <Trans>Discard this draft? What you wrote and the attached file are removed from this device.</Trans>
          </p>
          <div className="draft-status-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setConfirming(false);
                void draft.forget();
                onDiscard();
              }}
            >
              <Trans>Yes, discard the draft</Trans>
            </button>
            <button type="button" className="button button-outline" onClick={() => setConfirming(false)}>
              <Trans>Keep the draft</Trans>
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="draft-status-text" role="status">
            <span aria-hidden="true">✓ </span>
            <Trans>Draft saved on this device</Trans>
          </p>
          <button type="button" className="link-button" onClick={() => setConfirming(true)}>
            <Trans>Discard draft</Trans>
          </button>
        </>
      )}
    </div>
  );
}
