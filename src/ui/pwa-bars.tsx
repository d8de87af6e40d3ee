import { Trans } from '@lingui/react/macro';
import { pwa, usePwa } from '../app/pwa.ts';

/** The offline banner and the "new version" prompt, shown above every page. */
export function PwaBars() {
  const { online, updateReady } = usePwa();
  return (
    <>
      {!online && (
        <div className="offline-banner" role="status" data-testid="offline-banner">
          <Trans>You are offline. Saved pages still open, and what you send waits in the outbox until the connection returns.</Trans>
        </div>
      )}
      {updateReady && (
        <div className="update-banner" role="alert" data-testid="update-prompt">
          <span>
            <Trans>A new version of the portal is ready. Finish what you are typing, then reload.</Trans>
          </span>
          <button type="button" className="button button-light" onClick={() => pwa.applyUpdate()}>
            <Trans>Reload now</Trans>
          </button>
        </div>
      )}
    </>
  );
}

/** The browser's install offer, as a button, where it makes one. */
export function InstallButton() {
  const { canInstall } = usePwa();
  if (!canInstall) return null;
  return (
    <button type="button" className="button button-light install-button" onClick={() => void pwa.install()}>
      <Trans>Install app</Trans>
    </button>
  );
}
