import { queryOptions } from '@tanstack/react-query';
import type { CustomerUser } from '../../../server/contract/accounts.ts';
import { api } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';

export type { CustomerUser };

/** SPEC section 7: the customer_user_api calls the account screens make. */
export const accountsApi = {
  register: (form: FormData) => api('createCustomerUser', { form }),
  verifyOtp: (email: string, otp: string) => api('validateCustomerOtp', { json: { email, otp } }),
  resendOtp: (email: string) => api('resendCustomerOtp', { json: { email } }),
  login: (email: string, password: string) => api('loginCustomerUser', { json: { email, password } }),
  logout: () => api('logoutCustomerUser'),
  forgotPassword: (email: string) => api('forgotCustomerUser', { json: { email } }),
  resetPassword: (id: string, token: string, password: string) =>
    api('resetCustomerUser', { params: { id, token }, json: { password } }),
};

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customer.profile(id),
    queryFn: ({ signal }) => api('getCustomerUser', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });

/** SPEC section 3: pictures load from the customer-images media path. */
export const pictureUrl = (customer: Pick<CustomerUser, 'picture'>) =>
  customer.picture ? `/media/customer-images/${customer.picture}` : undefined;

export const fullName = (c: Pick<CustomerUser, 'firstname' | 'middlename' | 'lastname'>) =>
  [c.firstname, c.middlename, c.lastname].filter(Boolean).join(' ');
