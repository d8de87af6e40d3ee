import { fullName, pictureUrl, type CustomerUser } from './api.ts';

/** SPEC section 2: the customer's picture, or the first letter of the first name. */
export function Avatar({ customer, size = 'small' }: { customer?: CustomerUser; size?: 'small' | 'large' }) {
  const url = customer && pictureUrl(customer);
  return (
    <span className={`avatar avatar-${size}`} aria-hidden={!url}>
      {url ? <img src={url} alt={fullName(customer!)} /> : (customer?.firstname.charAt(0).toUpperCase() ?? '')}
    </span>
  );
}
