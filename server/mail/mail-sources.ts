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

/**
 * What a customer is told when their case moves: an e-mail and a short SMS per
 * change (server/notifications). `{caseNumber}`, `{date}` (the appointment, in the
 * customer's calendar), `{justification}` and `{link}` (the case in the portal) are filled
 * in when the notice is written. The states in quotes are the app's own badges.
 */
export const caseNoticeSources = {
  processingStartedMailSubject: 'We have started processing your case {caseNumber}',
  processingStartedMailText:
    'Hello {name},\n\nThe Housing Development Corporation has started processing your case {caseNumber}. Its status is now "processing".\n\nYou can follow your case here:\n\n{link}\n',
  appointmentSetMailSubject: 'An appointment for your case {caseNumber}',
  appointmentSetMailText:
    'Hello {name},\n\nAn appointment has been set for your case {caseNumber} on {date}.\n\nYou can see your case here:\n\n{link}\n',
  appointmentMovedMailSubject: 'The appointment for your case {caseNumber} has moved',
  appointmentMovedMailText:
    'Hello {name},\n\nThe appointment for your case {caseNumber} has been moved to {date}.\n\nYou can see your case here:\n\n{link}\n',
  answeredMailSubject: 'Your case {caseNumber} has been responded to',
  answeredMailText:
    'Hello {name},\n\nThe Housing Development Corporation has responded to your case {caseNumber}. Its status is now "responded".\n\nYou can read the response letter and rate the answer here:\n\n{link}\n',
  // Issue 25: added under the answered mail's text when it has its one-tap rating link.
  answeredRatingLinkText: 'Rate the service with one tap, without logging in (the link works once, for 30 days):\n\n{ratingLink}\n',
  rejectedMailSubject: 'Your case {caseNumber} has been rejected',
  rejectedMailText:
    'Hello {name},\n\nYour case {caseNumber} has been rejected. Its status is now "rejected". The reason given:\n\n{justification}\n\nYou can see your case here:\n\n{link}\n',
  // Issue 25: the corporation asks for something. The e-mail carries the officer's {message}; the SMS only says something waits.
  informationRequestedMailSubject: 'We need something from you for your case {caseNumber}',
  informationRequestedMailText:
    'Hello {name},\n\nTo continue with your case {caseNumber}, the Housing Development Corporation asks you for the following:\n\n{message}\n\nPlease answer on your case page, where you can also attach a PDF:\n\n{link}\n\nWhile we wait for your answer, the time we take for your case is paused.\n',
  informationReminderMailSubject: 'Reminder: we are still waiting for your answer on case {caseNumber}',
  informationReminderMailText:
    'Hello {name},\n\nThe Housing Development Corporation asked you for information on your case {caseNumber} and has not received your answer yet:\n\n{message}\n\nPlease answer on your case page:\n\n{link}\n\nIf no answer comes, the case may be closed.\n',
  // The standard reason a case left unanswered is rejected with (staffCloseUnanswered), in the customer's language.
  informationUnansweredReason: 'No answer was received to the request for information of {date}.',
  // SMS: short, no link (the e-mail has it); Ethiopic script fits 70 characters a message.
  processingStartedSms: 'HDC: we have started processing your case {caseNumber}.',
  appointmentSetSms: 'HDC: an appointment is set for your case {caseNumber} on {date}.',
  appointmentMovedSms: 'HDC: the appointment for your case {caseNumber} has moved to {date}.',
  answeredSms: 'HDC: your case {caseNumber} has been responded to. See the answer in the portal.',
  rejectedSms: 'HDC: your case {caseNumber} has been rejected. See the reason in the portal.',
  // Issue 25: added under the rejected mail's text (the SMS stays one segment): the route to a review.
  rejectedReviewText: 'You may ask for a review within {reviewDays} working days on the case page.\n',
  // Issue 25: a review's outcome; the letter and the justification are on the case page. No names in the SMS.
  reviewDecidedMailSubject: 'The review of the decision on your case {caseNumber} is decided',
  reviewDecidedMailText:
    'Hello {name},\n\nThe review you asked for of the decision on your case {caseNumber} has been decided. Read the outcome and its letter on your case page:\n\n{link}\n',
  reviewDecidedSms: 'HDC: the review of case {caseNumber} is decided. See the portal.',
  // No name, no message: only that something waits in the portal (one segment).
  informationRequestedSms: 'HDC: a request about your case {caseNumber} is waiting in the portal.',
  informationReminderSms: 'HDC: please answer the request about case {caseNumber} in the portal.',
} as const;

/**
 * The notice after every password change (ASVS 2.5.5), queued with the change
 * (server/notifications): it names no password and no link that changes one. `{link}` is
 * where a customer asks for a new password, or the staff portal's log-in page. The
 * texts in quotes are the app's own labels.
 */
export const passwordNoticeSources = {
  passwordChangedMailSubject: 'Your password was changed',
  passwordChangedMailText:
    'Hello {name},\n\nThe password of your account on the Housing Development Corporation customer portal has just been changed.\n\nIf you changed it, there is nothing more to do.\n\nIf you did not, someone else may be using your account: choose a new password at once here, with "Get reset link":\n\n{link}\n',
  passwordChangedSms: 'HDC: the password of your portal account was changed. If it was not you, choose "Forgot password?" on the log-in page.',
  staffPasswordChangedMailSubject: 'Your staff portal password was changed',
  staffPasswordChangedMailText:
    'Hello {name},\n\nThe password of your account on the Housing Development Corporation staff portal has just been changed.\n\nIf you changed it, there is nothing more to do.\n\nIf you did not, tell an administrator of the portal at once: they can switch your account off and send you a new link to set a password.\n\nThe staff portal: {link}\n',
} as const;

/**
 * To a staff user an administrator added or asked to reset: the admin never
 * chooses a password, the person does, through `{link}`.
 */
export const staffMailSources = {
  staffPasswordMailSubject: 'Set your password for the staff portal',
  staffPasswordMailText:
    'Hello {name},\n\nAn administrator of the Housing Development Corporation has given you access to the staff portal. To choose your password, open this link:\n\n{link}\n\nThe link works once, for 3 days. Then log in at {loginLink} with this e-mail address.\n',
} as const;

/**
 * A staff user's alerts by e-mail (server/staff/alerts-service.ts raises them): one e-mail per
 * alert, named after its kind (case_assigned → caseAssignedAlert…), and the daily digest of
 * due-soon and late cases, one `{cases}` line each. `{link}` opens the case or accusation.
 */
export const staffAlertSources = {
  caseAssignedAlertSubject: 'Case {caseNumber} was assigned to you',
  caseAssignedAlertText: 'Hello {name},\n\nCase {caseNumber} was assigned to you.\n\nOpen it here:\n\n{link}\n',
  approvalWaitingAlertSubject: 'A response to case {caseNumber} is waiting for your approval',
  approvalWaitingAlertText: 'Hello {name},\n\nA response to case {caseNumber} is waiting for your approval.\n\nOpen it here:\n\n{link}\n',
  responseReturnedAlertSubject: 'Your response to case {caseNumber} was sent back',
  responseReturnedAlertText:
    'Hello {name},\n\nYour response to case {caseNumber} was sent back by a manager, with this note:\n\n{note}\n\nOpen the case here:\n\n{link}\n',
  accusationFiledAlertSubject: 'A new accusation: {reference}',
  accusationFiledAlertText: 'Hello {name},\n\nA new accusation was filed, reference {reference}.\n\nOpen it here:\n\n{link}\n',
  caseTransferredAlertSubject: 'Case {caseNumber} was transferred to your directorate',
  caseTransferredAlertText: 'Hello {name},\n\nCase {caseNumber} was transferred to your directorate, {directorate}.\n\nOpen it here:\n\n{link}\n',
  // Issue 25: the customer answered the officer's request; or left it unanswered until it may be closed.
  informationAnsweredAlertSubject: 'The customer answered your request on case {caseNumber}',
  informationAnsweredAlertText: 'Hello {name},\n\nThe customer answered your request for information on case {caseNumber}. The case is ongoing again.\n\nOpen it here:\n\n{link}\n',
  informationUnansweredAlertSubject: 'Your request on case {caseNumber} is still unanswered',
  informationUnansweredAlertText:
    'Hello {name},\n\nThe customer has not answered your request for information on case {caseNumber} in time. You may now close the case as unanswered.\n\nOpen it here:\n\n{link}\n',
  // Issue 25: a customer asked for a review of a decision of the directorate.
  reviewRequestedAlertSubject: 'A review of the decision on case {caseNumber} was asked for',
  reviewRequestedAlertText:
    'Hello {name},\n\nThe customer asked for a review of the decision on case {caseNumber}. A manager of the directorate who had no part in the decision decides it.\n\nOpen it here:\n\n{link}\n',
  // Issue 28: the customer withdrew a case before it was answered.
  caseWithdrawnAlertSubject: 'The customer withdrew case {caseNumber}',
  caseWithdrawnAlertText:
    'Hello {name},\n\nThe customer withdrew case {caseNumber}. It has left the queues: nothing more needs to be done on it.\n\nOpen it here:\n\n{link}\n',
  dueDigestSubject: 'Your cases due soon and late',
  dueDigestText: 'Hello {name},\n\nThese cases need you today:\n\n{cases}\n',
  dueSoonDigestLine: 'Case {caseNumber} is due on {date}: {link}',
  lateDigestLine: 'Case {caseNumber} is late; it was due on {date}: {link}',
  escalatedDigestLine: 'Case {caseNumber} is 5 working days late and still open; it was due on {date}: {link}',
  alertMailFooter: 'You can turn these e-mails off on the "My alerts" page of the staff portal: {settingsLink}',
} as const;
