import { queryOptions } from '@tanstack/react-query';
import type { CustomerUser } from '../../../server/contract/accounts.ts';
import type { Messages } from '../../../server/contract/common.ts';
import { authedHttp, http } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';

export type { CustomerUser };

/** SPEC section 7: the customer_user_api calls the account screens make. */
export const accountsApi = {
  register: (form: FormData) => http.post('customer_user_api/create_customer_user', { body: form }).json<Messages>(),
  verifyOtp: (email: string, otp: string) =>
    http.post('customer_user_api/validate_customer_otp', { json: { email, otp } }).json<Messages>(),
  resendOtp: (email: string) => http.put('customer_user_api/resend_customer_otp', { json: { email } }).json<Messages>(),
  login: (email: string, password: string) =>
    http.post('customer_user_api/login_customer_user', { json: { email, password } }).json<{ token: string }>(),
  logout: () => authedHttp.get('customer_user_api/logout_customer_user').json<Messages>(),
  forgotPassword: (email: string) =>
    http.post('customer_user_api/forgot_customer_user', { json: { email } }).json<Messages>(),
  resetPassword: (id: string, token: string, password: string) =>
    http.put(`customer_user_api/reset_customer_user/${id}/${token}`, { json: { password } }).json<Messages>(),
};

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customer.profile(id),
    queryFn: ({ signal }) => authedHttp.get(`customer_user_api/get_customer_user/${id}`, { signal }).json<CustomerUser>(),
    staleTime: 5 * 60_000,
  });

/** SPEC section 3: pictures load from the customer-images media path. */
export const pictureUrl = (customer: Pick<CustomerUser, 'picture'>) =>
  customer.picture ? `/media/customer-images/${customer.picture}` : undefined;

export const fullName = (c: Pick<CustomerUser, 'firstname' | 'middlename' | 'lastname'>) =>
  [c.firstname, c.middlename, c.lastname].filter(Boolean).join(' ');
