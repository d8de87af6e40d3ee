import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { customerQuery, fullName } from './api.ts';
import { Avatar } from './avatar.tsx';
import { NoticeChannelsSection } from './notice-channels.tsx';
import { MyDataSection } from './my-data-section.tsx';
import { CloseAccountSection } from './close-account-section.tsx';

/** SPEC section 2 /dashboard/settings "My profile". */
export function ProfilePage({ customerId }: { customerId: string }) {
  const { data: customer } = useSuspenseQuery(customerQuery(customerId));
  const rows: [ReactNode, string][] = [
    [<Trans>First name</Trans>, customer.firstname],
    [<Trans>Middle name</Trans>, customer.middlename],
    [<Trans>Last name</Trans>, customer.lastname],
    [<Trans>Phone</Trans>, customer.phone],
    // An account of a phone alone has no e-mail (issue 26): no row for it then.
    ...(customer.email === null ? [] : [[<Trans>Email</Trans>, customer.email] as [ReactNode, string]]),
    [<Trans>House phone number</Trans>, customer.house_phone_number],
    [<Trans>Sub-city</Trans>, customer.subcity],
    [<Trans>Woreda</Trans>, customer.woreda],
    [<Trans>House number</Trans>, customer.house_number],
  ];
  return (
    <main className="page page-narrow">
      <h1>
        <Trans>My profile</Trans>
      </h1>
      <section className="profile-card">
        <Avatar customer={customer} size="large" />
        <div>
          <h2 className="profile-name">{fullName(customer)}</h2>
          <p className="muted">
            <Trans>Customer</Trans>
          </p>
          <span className={`badge ${customer.status === 'active' ? 'badge-green' : 'badge-grey'}`}>
            {customer.status === 'active' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
          </span>
        </div>
      </section>
      <section className="profile-details" aria-labelledby="personal-info">
        <h2 id="personal-info">
          <Trans>Personal information</Trans>
        </h2>
        <dl>
          {rows.map(([label, value], index) => (
            <div key={index} className="profile-row">
              <dt>{label}</dt>
              <dd>{value || '-'}</dd>
            </div>
          ))}
          <div className="profile-row">
            <dt>
              <Trans>Gender</Trans>
            </dt>
            <dd>{customer.gender === 'Male' ? <Trans>Male</Trans> : <Trans>Female</Trans>}</dd>
          </div>
        </dl>
      </section>
      <NoticeChannelsSection customerId={customerId} />
      <MyDataSection />
      <CloseAccountSection />
    </main>
  );
}
