/**
 * Demo divisions, directorates and teams. Afar (af) uses English where no agreed
 * translation exists, as the corporation's own portal does (SPEC section 1).
 */
type Six = { en: string; am: string; or: string; tg: string; sm: string; af?: string };

export interface DemoDivision {
  key: string;
  name: Six;
  description: Six;
  status: 'active' | 'inactive';
  special: 'yes' | 'no';
  directorates: { name: Six; status: 'active' | 'inactive'; teams?: Six[] }[];
}

export const demoDivisions: DemoDivision[] = [
  {
    key: 'sales',
    name: {
      en: 'Housing Sales and Transfer',
      am: 'የቤት ሽያጭና ዝውውር',
      or: 'Gurgurtaa fi Dabarsa Manaa',
      tg: 'መሸጣን ምስግጋርን ገዛ',
      sm: 'Iibka iyo Wareejinta Guryaha',
    },
    description: {
      en: 'Buying a corporation house, transferring ownership, and the contracts that go with them.',
      am: 'የኮርፖሬሽኑን ቤት መግዛት፣ የባለቤትነት ዝውውር እና ተያያዥ ውሎች።',
      or: "Mana korporeeshinichaa bituu, abbummaa dabarsuu fi waliigaltee isaan wajjin deemu.",
      tg: 'ገዛ ናይ ኮርፖሬሽን ምግዛእ፣ ዋንነት ምስግጋርን ምስኡ ዝተኣሳሰሩ ውዕላትን።',
      sm: 'Iibsashada guriga shirkadda, wareejinta lahaanshaha iyo heshiisyada la xiriira.',
    },
    status: 'active',
    special: 'no',
    directorates: [
      {
        name: { en: 'Sales Directorate', am: 'የሽያጭ ዳይሬክቶሬት', or: 'Daayirektoreetii Gurgurtaa', tg: 'ዳይረክቶሬት መሸጣ', sm: 'Agaasinka Iibka' },
        status: 'active',
        teams: [{ en: 'Sales Contracts Team', am: 'የሽያጭ ውል ቡድን', or: 'Garee Waliigaltee Gurgurtaa', tg: 'ጉጅለ ውዕል መሸጣ', sm: 'Kooxda Heshiisyada Iibka' }],
      },
      {
        name: { en: 'Ownership Transfer Directorate', am: 'የባለቤትነት ዝውውር ዳይሬክቶሬት', or: 'Daayirektoreetii Dabarsa Abbummaa', tg: 'ዳይረክቶሬት ምስግጋር ዋንነት', sm: 'Agaasinka Wareejinta Lahaanshaha' },
        status: 'active',
      },
      {
        name: { en: 'Instalment Archive Directorate', am: 'የክፍያ ማህደር ዳይሬክቶሬት', or: 'Daayirektoreetii Galmee Kaffaltii', tg: 'ዳይረክቶሬት መዝገብ ክፍሊት', sm: 'Agaasinka Kaydka Lacag-bixinta' },
        status: 'inactive',
      },
    ],
  },
  {
    key: 'rental',
    name: {
      en: 'Rental Housing Services',
      am: 'የኪራይ ቤቶች አገልግሎት',
      or: 'Tajaajila Manneen Kiraa',
      tg: 'ኣገልግሎት ገዛውቲ ክራይ',
      sm: 'Adeegyada Guryaha Kirada',
    },
    description: {
      en: 'Rental agreements, rent payments, renewals and tenant requests for corporation houses.',
      am: 'የኮርፖሬሽኑ ቤቶች የኪራይ ውል፣ የኪራይ ክፍያ፣ እድሳት እና የተከራዮች ጥያቄዎች።',
      or: "Waliigaltee kiraa, kaffaltii kiraa, haaromsa fi gaaffii kireeffattootaa manneen korporeeshinichaa.",
      tg: 'ውዕል ክራይ፣ ክፍሊት ክራይ፣ ምሕዳስን ሕቶታት ተኻረይትን ናይ ገዛውቲ ኮርፖሬሽን።',
      sm: 'Heshiisyada kirada, bixinta kirada, cusboonaysiinta iyo codsiyada kireystayaasha.',
    },
    status: 'active',
    special: 'no',
    directorates: [
      {
        name: { en: 'Tenancy Directorate', am: 'የተከራዮች ጉዳይ ዳይሬክቶሬት', or: 'Daayirektoreetii Dhimma Kireeffattootaa', tg: 'ዳይረክቶሬት ጉዳይ ተኻረይቲ', sm: 'Agaasinka Kireystayaasha' },
        status: 'active',
        teams: [{ en: 'Rent Collection Team', am: 'የኪራይ ገቢ ቡድን', or: 'Garee Walitti Qabiinsa Kiraa', tg: 'ጉጅለ ኣከባ ክራይ', sm: 'Kooxda Ururinta Kirada' }],
      },
      {
        name: { en: 'Rental Contracts Directorate', am: 'የኪራይ ውል ዳይሬክቶሬት', or: 'Daayirektoreetii Waliigaltee Kiraa', tg: 'ዳይረክቶሬት ውዕል ክራይ', sm: 'Agaasinka Heshiisyada Kirada' },
        status: 'active',
      },
    ],
  },
  {
    key: 'maintenance',
    name: {
      en: 'Maintenance and Repairs',
      am: 'ጥገናና እድሳት',
      or: 'Suphaa fi Haaromsa',
      tg: 'ጽገናን ምሕዳስን',
      sm: 'Dayactirka iyo Hagaajinta',
    },
    description: {
      en: 'Reporting damage and requesting repairs to houses, shared buildings and utilities.',
      am: 'በቤቶች፣ በጋራ ህንጻዎችና በመሰረተ ልማቶች ላይ የደረሰ ጉዳትን ማሳወቅና ጥገና መጠየቅ።',
      or: "Miidhaa gabaasuu fi suphaa manneen, gamoowwan waloo fi tajaajilootaa gaafachuu.",
      tg: 'ዝወረደ ጉድኣት ምሕባርን ጽገና ገዛውቲ፣ ሓባራዊ ህንጻታትን ኣገልግሎታትን ምሕታትን።',
      sm: 'Ka warbixinta waxyeelada iyo codsiga dayactirka guryaha, dhismayaasha wadaagga ah iyo adeegyada.',
    },
    status: 'active',
    special: 'no',
    directorates: [
      {
        name: { en: 'Building Maintenance Directorate', am: 'የህንጻ ጥገና ዳይሬክቶሬት', or: 'Daayirektoreetii Suphaa Gamoo', tg: 'ዳይረክቶሬት ጽገና ህንጻ', sm: 'Agaasinka Dayactirka Dhismaha' },
        status: 'active',
        teams: [
          { en: 'Plumbing and Electrical Team', am: 'የቧንቧና ኤሌክትሪክ ቡድን', or: 'Garee Boombaa fi Elektirikii', tg: 'ጉጅለ ቡምባን ኤሌክትሪክን', sm: 'Kooxda Tuubooyinka iyo Korontada' },
        ],
      },
      {
        name: { en: 'Emergency Repairs Directorate', am: 'የአስቸኳይ ጥገና ዳይሬክቶሬት', or: 'Daayirektoreetii Suphaa Ariifachiisaa', tg: 'ዳይረክቶሬት ህጹጽ ጽገና', sm: 'Agaasinka Dayactirka Degdegga ah' },
        status: 'active',
      },
      {
        name: { en: 'Old Stock Renovation Directorate', am: 'የቆዩ ቤቶች እድሳት ዳይሬክቶሬት', or: 'Daayirektoreetii Haaromsa Manneen Moofaa', tg: 'ዳይረክቶሬት ምሕዳስ ኣረጊት ገዛውቲ', sm: 'Agaasinka Dib-u-habeynta Guryaha Duugga ah' },
        status: 'inactive',
      },
    ],
  },
  {
    key: 'property',
    name: {
      en: 'Property Administration',
      am: 'የንብረት አስተዳደር',
      or: 'Bulchiinsa Qabeenyaa',
      tg: 'ምምሕዳር ንብረት',
      sm: 'Maamulka Hantida',
    },
    description: {
      en: 'Title deeds, property records, boundaries and the use of corporation land.',
      am: 'የይዞታ ማረጋገጫ ካርታ፣ የንብረት መዝገብ፣ ወሰንና የኮርፖሬሽኑ መሬት አጠቃቀም።',
      or: "Waraqaa ragaa abbaa qabiyyee, galmee qabeenyaa, daangaa fi itti fayyadama lafa korporeeshinichaa.",
      tg: 'ካርታ ዋንነት፣ መዝገብ ንብረት፣ ዶባትን ኣጠቓቕማ መሬት ኮርፖሬሽንን።',
      sm: 'Dukumentiyada lahaanshaha, diiwaanka hantida, xuduudaha iyo isticmaalka dhulka shirkadda.',
    },
    status: 'active',
    special: 'no',
    directorates: [
      {
        name: { en: 'Property Records Directorate', am: 'የንብረት መዝገብ ዳይሬክቶሬት', or: 'Daayirektoreetii Galmee Qabeenyaa', tg: 'ዳይረክቶሬት መዝገብ ንብረት', sm: 'Agaasinka Diiwaanka Hantida' },
        status: 'active',
      },
      {
        name: { en: 'Title Deed Directorate', am: 'የካርታ ዳይሬክቶሬት', or: 'Daayirektoreetii Kaartaa', tg: 'ዳይረክቶሬት ካርታ', sm: 'Agaasinka Dukumentiga Lahaanshaha' },
        status: 'active',
      },
    ],
  },
  {
    key: 'payments',
    name: {
      en: 'Finance and Payments',
      am: 'ፋይናንስና ክፍያ',
      or: 'Faayinaansii fi Kaffaltii',
      tg: 'ፋይናንስን ክፍሊትን',
      sm: 'Maaliyadda iyo Lacag-bixinta',
    },
    description: {
      en: 'Payment schedules, receipts, arrears and refunds for houses bought or rented.',
      am: 'ለተገዙ ወይም ለተከራዩ ቤቶች የክፍያ መርሐ ግብር፣ ደረሰኝ፣ ውዝፍ እና ተመላሽ ገንዘብ።',
      or: "Sagantaa kaffaltii, nagahee, idaa hafe fi deebii maallaqaa manneen bitamanii ykn kireeffamaniif.",
      tg: 'መደብ ክፍሊት፣ ቅብሊት፣ ዕዳን ምምላስ ገንዘብን ንዝተገዝኡ ወይ ዝተኻረዩ ገዛውቲ።',
      sm: 'Jadwalka lacag-bixinta, rasiidhada, deymaha iyo celinta lacagta guryaha la iibsaday ama la kireystay.',
    },
    status: 'active',
    special: 'no',
    directorates: [
      {
        name: { en: 'Revenue Directorate', am: 'የገቢ ዳይሬክቶሬት', or: 'Daayirektoreetii Galii', tg: 'ዳይረክቶሬት እቶት', sm: 'Agaasinka Dakhliga' },
        status: 'active',
        teams: [{ en: 'Refunds Team', am: 'የተመላሽ ክፍያ ቡድን', or: 'Garee Deebii Maallaqaa', tg: 'ጉጅለ ምምላስ ገንዘብ', sm: 'Kooxda Celinta Lacagta' }],
      },
      {
        name: { en: 'Arrears Directorate', am: 'የውዝፍ ክፍያ ዳይሬክቶሬት', or: 'Daayirektoreetii Idaa Hafe', tg: 'ዳይረክቶሬት ዕዳ', sm: 'Agaasinka Deymaha' },
        status: 'inactive',
      },
    ],
  },
  {
    key: 'customer-service',
    name: {
      en: 'Customer Service and Information',
      am: 'የደንበኞች አገልግሎትና መረጃ',
      or: 'Tajaajila Maamiltootaa fi Odeeffannoo',
      tg: 'ኣገልግሎት ዓማዊልን ሓበሬታን',
      sm: 'Adeegga Macaamiisha iyo Macluumaadka',
    },
    description: {
      en: 'Certificates, letters of confirmation, appointments and general information for customers.',
      am: 'ሰርተፍኬቶች፣ የማረጋገጫ ደብዳቤዎች፣ ቀጠሮዎችና ለደንበኞች አጠቃላይ መረጃ።',
      or: "Ragaalee, xalayaa mirkaneessaa, beellama fi odeeffannoo waliigalaa maamiltootaaf.",
      tg: 'ምስክር ወረቐታት፣ ደብዳቤታት ምርግጋጽ፣ ቆጸራታትን ሓፈሻዊ ሓበሬታ ንዓማዊልን።',
      sm: 'Shahaadooyinka, waraaqaha xaqiijinta, ballamaha iyo macluumaadka guud ee macaamiisha.',
    },
    status: 'active',
    special: 'no',
    directorates: [
      {
        name: { en: 'Customer Relations Directorate', am: 'የደንበኞች ግንኙነት ዳይሬክቶሬት', or: 'Daayirektoreetii Hariiroo Maamiltootaa', tg: 'ዳይረክቶሬት ርክብ ዓማዊል', sm: 'Agaasinka Xiriirka Macaamiisha' },
        status: 'active',
      },
    ],
  },
  {
    key: 'ethics',
    name: {
      en: 'Ethics and Anti-Corruption',
      am: 'ስነ ምግባርና ፀረ ሙስና',
      or: 'Naamusaa fi Farra Malaammaltummaa',
      tg: 'ስነ ምግባርን ጸረ ግዕዝይናን',
      sm: 'Anshaxa iyo La-dagaallanka Musuqmaasuqa',
    },
    description: {
      en: 'Handles accusations about staff conduct. Reached through the accusation form, not as a service.',
      am: 'ስለ ሰራተኞች ስነ ምግባር የሚቀርቡ ጥቆማዎችን ያስተናግዳል። በጥቆማ ቅጹ በኩል እንጂ እንደ አገልግሎት አይቀርብም።',
      or: "Komii amala hojjettootaa ilaalu qabata. Unka komii qofaan dhaqqabama, akka tajaajilaatti miti.",
      tg: 'ብዛዕባ ጠባይ ሰራሕተኛታት ዝቐርቡ ክሲታት ይሕዝ። ብቕጥዒ ክሲ እምበር ከም ኣገልግሎት ኣይቀርብን።',
      sm: 'Waxay maareysaa eedeymaha ku saabsan dhaqanka shaqaalaha. Waxaa lagu gaaraa foomka eedeynta, ma aha adeeg.',
    },
    status: 'active',
    special: 'yes',
    directorates: [
      {
        name: { en: 'Ethics Directorate', am: 'የስነ ምግባር ዳይሬክቶሬት', or: 'Daayirektoreetii Naamusaa', tg: 'ዳይረክቶሬት ስነ ምግባር', sm: 'Agaasinka Anshaxa' },
        status: 'active',
      },
    ],
  },
  {
    key: 'cooperatives',
    name: {
      en: 'Housing Cooperatives (closed)',
      am: 'የቤት ህብረት ስራ ማህበራት (የተዘጋ)',
      or: 'Waldaalee Hojii Gamtaa Manaa (cufame)',
      tg: 'ማሕበራት ሕብረት ስራሕ ገዛ (ዝተዓጽወ)',
      sm: 'Iskaashatooyinka Guryaha (la xiray)',
    },
    description: {
      en: 'The former cooperative housing programme, no longer taking requests.',
      am: 'ቀድሞ የነበረው የህብረት ስራ ቤቶች ፕሮግራም፤ አሁን ጥያቄ አይቀበልም።',
      or: "Sagantaa manneen gamtaa duraanii, amma gaaffii hin fudhatu.",
      tg: 'ናይ ቀደም መደብ ገዛውቲ ሕብረት ስራሕ፤ ሕጂ ሕቶ ኣይቅበልን።',
      sm: 'Barnaamijkii hore ee guryaha iskaashatada, hadda codsiyo ma qaato.',
    },
    status: 'inactive',
    special: 'no',
    directorates: [
      {
        name: { en: 'Cooperatives Directorate', am: 'የህብረት ስራ ዳይሬክቶሬት', or: 'Daayirektoreetii Gamtaa', tg: 'ዳይረክቶሬት ሕብረት ስራሕ', sm: 'Agaasinka Iskaashatooyinka' },
        status: 'inactive',
      },
    ],
  },
];
