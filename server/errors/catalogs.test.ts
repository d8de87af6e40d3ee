import { describe, expect, it } from 'vitest';
import { parsePo, translate } from './catalogs.ts';

describe('the server catalog reader', () => {
  it('reads context, continued strings and escapes, and leaves out obsolete entries', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: am\\n"',
        '',
        '#: server/mail/mail-sources.ts:8',
        'msgctxt "otpMailSubject"',
        'msgid "Your \\"code\\""',
        'msgstr "የማረጋገጫ ኮድዎ"',
        '',
        'msgid "Hello {name},\\n"',
        '"\\n"',
        '"Bye"',
        'msgstr "ሰላም {name}፣\\n"',
        '"\\n"',
        '"ደህና ይሁኑ"',
        '',
        '#~ msgid "Gone"',
        '#~ msgstr "የለም"',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { context: 'otpMailSubject', source: 'Your "code"', translation: 'የማረጋገጫ ኮድዎ' },
      { context: '', source: 'Hello {name},\n\nBye', translation: 'ሰላም {name}፣\n\nደህና ይሁኑ' },
    ]);
  });

  it('uses a translation only while it translates the current English, as Lingui ids do', () => {
    const texts = translate({ caseDivisionRequired: 'Please choose a division.', notFound: 'Changed English.' });
    expect(texts.caseDivisionRequired.am).toBe('እባክዎ ዘርፍ ይምረጡ።');
    expect(texts.caseDivisionRequired.af).toBe('Please choose a division.');
    expect(texts.notFound).toEqual({ en: 'Changed English.', am: 'Changed English.', or: 'Changed English.', tg: 'Changed English.', sm: 'Changed English.', af: 'Changed English.' });
  });
});
