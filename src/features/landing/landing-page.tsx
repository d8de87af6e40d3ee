import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { MapEmbed } from './map-embed.tsx';

/** SPEC section 2 "Landing page": banner, Services grid, About Us, Mission, Vision, map. */
export function LandingPage({ services }: { services: ReactNode }) {
  return (
    <main id="main">
      <section className="banner">
        <div className="banner-text">
          <h1>
            <Trans>Customer Service Portal</Trans>
          </h1>
          <p>
            <Trans>
              Apply for services, follow your cases, check a case status and file a complaint, from home or on the
              move.
            </Trans>
          </p>
        </div>
        <svg className="banner-art" viewBox="0 0 320 160" aria-hidden="true">
          <rect x="20" y="60" width="60" height="100" fill="#f4c542" />
          <rect x="90" y="30" width="70" height="130" fill="#ffffff" opacity="0.9" />
          <rect x="170" y="75" width="55" height="85" fill="#9fd3b6" />
          <rect x="235" y="45" width="65" height="115" fill="#ffffff" opacity="0.75" />
          {[0, 1, 2, 3].map((row) =>
            [0, 1, 2].map((col) => (
              <rect key={`${row}-${col}`} x={100 + col * 20} y={45 + row * 26} width="10" height="14" fill="#0b5d3b" />
            )),
          )}
        </svg>
      </section>

      <section className="section" aria-labelledby="services-heading">
        <h2 id="services-heading">
          <Trans>Services</Trans>
        </h2>
        {services}
      </section>

      <section className="section info-grid">
        <article>
          <h2>
            <Trans>About Us</Trans>
          </h2>
          <p>
            <Trans>
              The Housing Development Corporation builds, sells, rents and maintains public housing. This portal brings
              its customer services to you: apply for a service, follow it to the end and tell us how we did.
            </Trans>
          </p>
        </article>
        <article>
          <h2>
            <Trans>Mission</Trans>
          </h2>
          <p>
            <Trans>
              To provide fair, transparent and timely housing services to every customer, and to answer every request
              and complaint on record.
            </Trans>
          </p>
        </article>
        <article>
          <h2>
            <Trans>Vision</Trans>
          </h2>
          <p>
            {/* SPEC section 2: 2030 in English, 2022 (Ethiopian calendar) in Amharic. */}
            <Trans>To be the leading provider of affordable, quality public housing services by 2030.</Trans>
          </p>
        </article>
      </section>

      <section className="section" aria-labelledby="find-us-heading">
        <h2 id="find-us-heading">
          <Trans>Find us</Trans>
        </h2>
        <MapEmbed />
      </section>
    </main>
  );
}
