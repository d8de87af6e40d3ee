/**
 * The English of the Telegram bot's messages (issue 26): the source text of the server
 * catalogs (locales/<locale>/server.po). A chat is no SMS: no segment to fit, but the texts
 * still name nothing private. The status answers are the SMS replies' (server/sms/replies.ts),
 * and the notices the SMS notices' (server/mail/mail-sources.ts).
 */
export const telegramSources = {
  telegramChooseLanguage: 'Housing Development Corporation. Choose your language:',
  telegramWelcome:
    'Send a case number (such as HDC-2019-000123) or a report reference to get its status.\n\nTo get the notices of your cases here, share your phone number with the button below: it must be the phone of your portal account. /stop ends the notices.',
  telegramShareContact: 'Share my phone number',
  telegramLinked: 'Your account is linked: the notices of your cases will come here. Choose your channels on your profile page in the portal. /stop ends them.',
  telegramNoAccount: 'No portal account has this phone number verified. Register or verify your phone in the portal first, then share it again.',
  telegramNotOwnContact: 'Share your own phone number with the button below, not someone else’s contact.',
  telegramStopped: 'This chat is unlinked: no more notices will come here. Share your phone number again to link it.',
  telegramHelp: 'Send a case number or a report reference to get its status, or share your phone number to get your notices here. /start changes the language.',
} as const;
