/**
 * The English of the account e-mails: the source text of the server catalogs
 * (locales/<locale>/server.po), translated there like the server's messages. `{name}`,
 * `{code}`, `{link}` and `{loginLink}` are filled in when a mail is written.
 */
export const mailSources = {
  otpMailSubject: 'Your verification code',
  otpMailText:
    'Hello {name},\n\nYour verification code for the Housing Development Corporation customer portal is:\n\n    {code}\n\nIt is valid for 10 minutes. If you did not register, you can ignore this e-mail.\n',
  resetMailSubject: 'Reset your password',
  resetMailText:
    'Hello {name},\n\nTo choose a new password for the Housing Development Corporation customer portal, open this link:\n\n{link}\n\nThe link works once, for 30 minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.\n',
  // The texts in quotes are the log-in page's own labels (locales/*/messages.po), so the owner finds them.
  registrationAttemptMailSubject: 'Someone tried to register with your e-mail address',
  registrationAttemptMailText:
    'Hello {name},\n\nSomeone just tried to register a new account on the Housing Development Corporation customer portal with this e-mail address. You already have an account, so nothing was changed and no new account was made.\n\nIf it was you, log in here:\n\n{loginLink}\n\nIf you do not remember your password, choose "Forgot password?" on that page.\n\nIf it was not you, you can ignore this e-mail: your account and password stay as they are.\n',
} as const;
