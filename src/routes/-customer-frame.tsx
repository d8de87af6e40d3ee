import type { ReactNode } from 'react';
import { CustomerBadge } from '../features/accounts/customer-badge.tsx';
import { useLogout } from '../features/accounts/use-logout.ts';
import { useSignedInCustomer } from '../features/accounts/use-signed-in-customer.ts';
import { DashboardLayout } from '../ui/dashboard-layout.tsx';

/** The signed-in customer's frame: the dashboard's routes, and the print page when a customer opens it. */
export function CustomerFrame({ children }: { children?: ReactNode }) {
  const customer = useSignedInCustomer();
  const logout = useLogout();
  return (
    <DashboardLayout
      firstName={customer?.firstname}
      user={<CustomerBadge customer={customer} />}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    >
      {children}
    </DashboardLayout>
  );
}
