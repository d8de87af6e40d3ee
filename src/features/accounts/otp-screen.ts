// SPEC sections 2 and 3: the verification screen exists only while the otpScreen flag is
// on, and is reached with the e-mail (or, issue 26, the phone number) passed along. Kept
// per tab, so a reload keeps it.
const KEY = 'otpEmail';

export const otpScreen = {
  open: (email: string) => sessionStorage.setItem(KEY, email),
  email: () => sessionStorage.getItem(KEY) ?? undefined,
  close: () => sessionStorage.removeItem(KEY),
};
