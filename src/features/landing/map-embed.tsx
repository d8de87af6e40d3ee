import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

const MAP_URL =
  'https://www.openstreetmap.org/export/embed.html?bbox=38.7437%2C9.0054%2C38.7737%2C9.0254&layer=mapnik&marker=9.0154%2C38.7587';

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The head-office map. The remote map loads only when the visitor asks for it, so the
 * page never waits on, or breaks without, a map server (offline, slow networks) and
 * nothing leaves the device unasked. The address card is always there.
 */
export function MapEmbed() {
  const { t } = useLingui();
  const online = useOnline();
  const [showMap, setShowMap] = useState(false);
  return (
    <div className="map-embed">
      {showMap && online ? (
        <iframe title={t`Map of the head office`} src={MAP_URL} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <div className="map-placeholder">
          <svg viewBox="0 0 120 80" aria-hidden="true" className="map-placeholder-art">
            <path d="M0 20h120M0 50h120M30 0v80M85 0v80" stroke="#c9d6cf" strokeWidth="6" />
            <path d="M60 22c-8 0-14 6-14 14 0 11 14 24 14 24s14-13 14-24c0-8-6-14-14-14z" fill="#0b5d3b" />
            <circle cx="60" cy="36" r="5" fill="#fff" />
          </svg>
          <button type="button" className="button button-outline" disabled={!online} onClick={() => setShowMap(true)}>
            <Trans>Show the map</Trans>
          </button>
          {!online && (
            <p className="muted">
              <Trans>The map needs a connection. The address is below.</Trans>
            </p>
          )}
        </div>
      )}
      <address className="map-address">
        <strong>
          <Trans>Head office</Trans>
        </strong>
        <br />
        <Trans>Addis Ababa, Ethiopia</Trans>
      </address>
    </div>
  );
}
