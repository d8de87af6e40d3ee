import { queryOptions } from '@tanstack/react-query';
import type { CustomerUser } from '../../../server/contract/accounts.ts';
import type { NoticeChannels } from '../../../server/contract/telegram-calls.ts';
import { api } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';
import type { LoginName } from './login-name.ts';

export type { CustomerUser };

/** SPEC section 7: the customer_user_api calls the account screens make (by e-mail or, issue 26, by phone). */
export const accountsApi = {
  register: (form: FormData) => api('createCustomerUser', { form }),
  verifyOtp: (login: LoginName, otp: string) => api('validateCustomerOtp', { json: { ...login, otp } }),
  resendOtp: (login: LoginName) => api('resendCustomerOtp', { json: login }),
  login: (login: LoginName, password: string) => api('loginCustomerUser', { json: { ...login, password } }),
  logout: () => api('logoutCustomerUser'),
  forgotPassword: (login: LoginName) => api('forgotCustomerUser', { json: login }),
  resetPassword: (id: string, token: string, password: string) =>
    api('resetCustomerUser', { params: { id, token }, json: { password } }),
  resetPasswordByCode: (phone: string, otp: string, password: string) => api('resetPasswordByCode', { json: { phone, otp, password } }),
  saveNoticeChannels: (channels: NoticeChannels) => api('saveNoticeChannels', { json: channels }),
};

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customer.profile(id),
    queryFn: ({ signal }) => api('getCustomerUser', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });

/** Issue 26: the channels the notices of the customer's cases go by, and whether Telegram is linked. */
export const noticeChannelsQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customer.noticeChannels(id),
    queryFn: ({ signal }) => api('getNoticeChannels', { signal }),
  });

/** SPEC section 3: pictures load from the customer-images media path. */
export const pictureUrl = (customer: Pick<CustomerUser, 'picture'>) =>
  customer.picture ? `/media/customer-images/${customer.picture}` : undefined;

export const fullName = (c: Pick<CustomerUser, 'firstname' | 'middlename' | 'lastname'>) =>
  [c.firstname, c.middlename, c.lastname].filter(Boolean).join(' ');
