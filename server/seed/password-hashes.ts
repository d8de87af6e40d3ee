/**
 * The demo passwords' argon2 hashes, each made once with the call the server uses
 * (`hash(password)` of @node-rs/argon2), so seeding a database hashes nothing: a hash costs
 * tens of milliseconds of CPU, and the tests seed a hundred databases, a browser test file
 * each in a fresh module graph. A password not listed here (one changed in logins.ts since)
 * is hashed at the first seed of a process instead; tests/api/demo-staff.test.ts names it.
 * The passwords are published (docs/demo-data.md), so sharing their salts costs nothing.
 */
export const DEMO_PASSWORD_HASHES: Readonly<Record<string, string>> = {
  'Demo12345': '$argon2id$v=19$m=19456,t=2,p=1$BquFWBeGhc9q40zyiABiEw$NlsrUZKE1Q5hf3aRSAfCxIr0bRJDDpehHqP8ENH+iOg',
  'Second12345': '$argon2id$v=19$m=19456,t=2,p=1$jhA4NzC+da+ZmQb3KSRbqw$0fXeJlj/sjuZhWNR1HVgTxNP2y52vWD0RBw31NGAuOI',
  'Accept12345': '$argon2id$v=19$m=19456,t=2,p=1$9VXbV89S2luNWlbzjoGADg$GGbnFTQ3h/0sB1yEucg+iBfmtSvm4ttduj9E7oY/Jnc',
  'Officer-Demo-26': '$argon2id$v=19$m=19456,t=2,p=1$xiuawuoNs59g7FcJSqzSyg$CN3NnrIajlCla8erVBcFChGDpYf5Y++M6EZINkVP7ao',
  'Manager-Demo-26': '$argon2id$v=19$m=19456,t=2,p=1$xt9UmDt3wFUHtqwmjLpA2g$Db462xoD0bv8W+3ZsDzolIYwUgiVBxFD+n7IOWrLHkM',
  'Archive-Demo-26': '$argon2id$v=19$m=19456,t=2,p=1$QPS0GibMSBL32JLQruHTOg$XX2e51PsaTJCPFhJXrlzhaS+XU0UhGf+6By2Ps34pLQ',
  'Admin-Demo-2026': '$argon2id$v=19$m=19456,t=2,p=1$c26afb7kxcJUTNkI/YBMuQ$HZjJvcC0UIZJ8/bAFINiWP984Ieu3R3ZJPaa3tkmrBg',
  'Meron-Officer-26': '$argon2id$v=19$m=19456,t=2,p=1$WN+g6BA+rOYej2uzaXx6bA$tnuu+coFa7zUg5rtZt85/Tn96DlDFRA9U/Y1sFRtBiE',
  'Dawit-Officer-26': '$argon2id$v=19$m=19456,t=2,p=1$4PSE0HgbMxzb95T1HO2Pzw$+uLI01nL5j6vhmSCYkZJhgdRPWmzcvgQJGffrBt6U7w',
  'Sales-Officer-26': '$argon2id$v=19$m=19456,t=2,p=1$9odFGSWlngFcPNUNL9HHVA$hIF400iMDC+SmML3Ios+HEI7hQ6El64BDJMhNYtpI5I',
  'Sales-Manager-26': '$argon2id$v=19$m=19456,t=2,p=1$dhSlnQHXtPUNO269QI2ehA$jytrZju+KKoxdvsMtgiNiLfjDLI1AXhBgYuYtdNDNeg',
  'Tenancy-Officer-26': '$argon2id$v=19$m=19456,t=2,p=1$jxoA23TmLNZyIKMydd+r8Q$erGH+j1ZvRop2ovfS1daJEQk4vp2nmTgfvP1JeEz4Ow',
  'Tenancy-Manager-26': '$argon2id$v=19$m=19456,t=2,p=1$LWuoOUwp2ZEwRDo3622f7w$ebCIoGJ58Ct4IGN+EmhSnsGdvhBErkUHrM7M5pEURWE',
  'Property-Officer-26': '$argon2id$v=19$m=19456,t=2,p=1$6MfebpxwKOUEvW4A0ORXzw$29FJ1lUxhSTeSfqQm9MjMzKPs2Brc449EnkvtdQXb8A',
  'Property-Manager-26': '$argon2id$v=19$m=19456,t=2,p=1$6v3ttGoFeLuUfkPfppwKTA$YKCpkJ9UX7HLkIwagGzSLtMco+gKhDczqS2CajTAxsA',
  'Revenue-Officer-26': '$argon2id$v=19$m=19456,t=2,p=1$J4h63kiUt40yu7GydEOawA$49+umeUFpOLvdBhW0/iY3z6iPlOR7c7Tki7hVSmqu6s',
  'Revenue-Manager-26': '$argon2id$v=19$m=19456,t=2,p=1$3eKJc93w8+XWfty4N6FRxQ$RkP1yGD0MWuzmSL8qM4f8ajVexXkp5D3+fqDzzI8odk',
  'Relations-Officer-26': '$argon2id$v=19$m=19456,t=2,p=1$+ZtdHbWJsXrDZwGNGEHiLA$OdWFQ0z91W+OHDijAHOF8zOpxXr4p4WoCIJYDmC1dYg',
  'Relations-Manager-26': '$argon2id$v=19$m=19456,t=2,p=1$RY15BfsJgorsK9o1JU3g7A$vvyvXL+x8F+8g6TUqQtVaYYK7guDvgeN8+G+fzMD1qQ',
};
