/**
 * Every message the server says to a person, in the six languages of SPEC section 1.
 * Keys are stable codes; the bodies carry Message_en … Message_af (SPEC sections 3, 8).
 * Afar falls back to English where no translation is agreed (SPEC section 1).
 */
export type Language = 'en' | 'am' | 'or' | 'tg' | 'sm' | 'af';
export type Translations = Record<Language, string>;

const english = <T extends Omit<Translations, 'af'>>(t: T): Translations => ({ ...t, af: t.en });

export const serverMessages = {
  notFound: english({
    en: 'The requested resource was not found.',
    am: 'የተጠየቀው መረጃ አልተገኘም።',
    or: 'Wanti gaafatame hin argamne.',
    tg: 'ዝተሓተተ ሓበሬታ ኣይተረኽበን።',
    sm: 'Waxa la codsaday lama helin.',
  }),
  divisionNotFound: english({
    en: 'The division was not found.',
    am: 'ዘርፉ አልተገኘም።',
    or: 'Damee kun hin argamne.',
    tg: 'እቲ ዘርፊ ኣይተረኽበን።',
    sm: 'Qaybtan lama helin.',
  }),
  invalidRequest: english({
    en: 'The request is not valid. Please check what you entered.',
    am: 'ጥያቄው ትክክል አይደለም። እባክዎ ያስገቡትን ያረጋግጡ።',
    or: 'Gaaffiin kun sirrii miti. Maaloo waan galchitan mirkaneeffadhaa.',
    tg: 'እቲ ሕቶ ቅኑዕ ኣይኮነን። በጃኹም ዘእተኹምዎ ኣረጋግጹ።',
    sm: 'Codsigu sax maaha. Fadlan hubi waxaad gelisay.',
  }),
  invalidId: english({
    en: 'The id is not valid.',
    am: 'መለያው ትክክል አይደለም።',
    or: 'Eenyummeessaan sirrii miti.',
    tg: 'እቲ መለለዪ ቅኑዕ ኣይኮነን።',
    sm: 'Aqoonsigu sax maaha.',
  }),
  tooManyRequests: english({
    en: 'Too many attempts. Please wait 3 minutes before retrying.',
    am: 'በጣም ብዙ ሙከራዎች። እባክዎ እንደገና ከመሞከርዎ በፊት 3 ደቂቃ ይጠብቁ።',
    or: "Yaaliin baay'ee ta'eera. Maaloo osoo irra deebitanii hin yaalin daqiiqaa 3 eegaa.",
    tg: 'ብዙሕ ፈተነታት። በጃኹም ቅድሚ ደጊምኩም ምፍታንኩም 3 ደቒቕ ተጸበዩ።',
    sm: 'Isku dayo aad u badan. Fadlan sug 3 daqiiqo ka hor intaadan isku dayin mar kale.',
  }),
  serverError: english({
    en: 'Something went wrong. Please try again later.',
    am: 'የሆነ ችግር ተፈጥሯል። እባክዎ ቆይተው እንደገና ይሞክሩ።',
    or: "Rakkoon uumameera. Maaloo booda irra deebi'aa yaalaa.",
    tg: 'ጸገም ኣጋጢሙ። በጃኹም ደሓር ደጊምኩም ፈትኑ።',
    sm: 'Wax qalad ah ayaa dhacay. Fadlan mar dambe isku day.',
  }),
  unauthorized: english({
    en: 'Please log in to continue.',
    am: 'ለመቀጠል እባክዎ ይግቡ።',
    or: 'Itti fufuuf maaloo seenaa.',
    tg: 'ንምቕጻል በጃኹም እተዉ።',
    sm: 'Fadlan gal si aad u sii wadato.',
  }),

  // Accounts (SPEC sections 5 and 7, issue 3)
  fieldRequired: english({
    en: 'Please fill in every required field.',
    am: 'እባክዎ ሁሉንም አስፈላጊ መስኮች ይሙሉ።',
    or: 'Maaloo dirreewwan barbaachisoo hunda guutaa.',
    tg: 'በጃኹም ኩሎም ኣድለይቲ ቦታታት ምልኡ።',
    sm: 'Fadlan buuxi dhammaan meelaha loo baahan yahay.',
  }),
  firstnameTooLong: english({
    en: 'First name must not be greater than 50 characters',
    am: 'ስም ከ50 ፊደላት መብለጥ የለበትም',
    or: 'Maqaan jalqabaa arfii 50 caaluu hin qabu',
    tg: 'ቀዳማይ ስም ካብ 50 ፊደላት ክበዝሕ የብሉን',
    sm: 'Magaca koowaad waa inuusan ka badnaan 50 xaraf',
  }),
  middlenameTooLong: english({
    en: 'Middle name must not be greater than 50 characters',
    am: 'የአባት ስም ከ50 ፊደላት መብለጥ የለበትም',
    or: 'Maqaan abbaa arfii 50 caaluu hin qabu',
    tg: 'ስም ኣቦ ካብ 50 ፊደላት ክበዝሕ የብሉን',
    sm: 'Magaca dhexe waa inuusan ka badnaan 50 xaraf',
  }),
  lastnameTooLong: english({
    en: 'Last name must not be greater than 50 characters',
    am: 'የአያት ስም ከ50 ፊደላት መብለጥ የለበትም',
    or: 'Maqaan akaakayyuu arfii 50 caaluu hin qabu',
    tg: 'ስም ኣባሓጎ ካብ 50 ፊደላት ክበዝሕ የብሉን',
    sm: 'Magaca dambe waa inuusan ka badnaan 50 xaraf',
  }),
  subcityTooLong: english({
    en: 'Sub-city must not be greater than 50 characters',
    am: 'ክፍለ ከተማ ከ50 ፊደላት መብለጥ የለበትም',
    or: 'Magaalaa xiqqaan arfii 50 caaluu hin qabu',
    tg: 'ንኡስ ከተማ ካብ 50 ፊደላት ክበዝሕ የብሉን',
    sm: 'Degmada hoose waa inay ka badnaan 50 xaraf',
  }),
  woredaTooLong: english({
    en: 'Woreda must not be greater than 20 characters',
    am: 'ወረዳ ከ20 ፊደላት መብለጥ የለበትም',
    or: 'Aanaan arfii 20 caaluu hin qabu',
    tg: 'ወረዳ ካብ 20 ፊደላት ክበዝሕ የብሉን',
    sm: 'Woredada waa inay ka badnaan 20 xaraf',
  }),
  houseNumberTooLong: english({
    en: 'House number must not be greater than 20 characters',
    am: 'የቤት ቁጥር ከ20 ፊደላት መብለጥ የለበትም',
    or: 'Lakkoofsi manaa arfii 20 caaluu hin qabu',
    tg: 'ቁጽሪ ገዛ ካብ 20 ፊደላት ክበዝሕ የብሉን',
    sm: 'Lambarka guriga waa inuusan ka badnaan 20 xaraf',
  }),
  phoneTooLong: english({
    en: 'Phone must not be greater than 20 characters',
    am: 'ስልክ ቁጥር ከ20 ፊደላት መብለጥ የለበትም',
    or: 'Lakkoofsi bilbilaa arfii 20 caaluu hin qabu',
    tg: 'ቁጽሪ ስልኪ ካብ 20 ፊደላት ክበዝሕ የብሉን',
    sm: 'Taleefanku waa inuusan ka badnaan 20 xaraf',
  }),
  housePhoneTooLong: english({
    en: 'House phone number must not be greater than 20 characters',
    am: 'የቤት ስልክ ቁጥር ከ20 ፊደላት መብለጥ የለበትም',
    or: 'Lakkoofsi bilbila manaa arfii 20 caaluu hin qabu',
    tg: 'ቁጽሪ ስልኪ ገዛ ካብ 20 ፊደላት ክበዝሕ የብሉን',
    sm: 'Lambarka taleefanka guriga waa inuusan ka badnaan 20 xaraf',
  }),
  phoneInvalid: english({
    en: 'Please enter a valid phone number (digits, optionally starting with +).',
    am: 'እባክዎ ትክክለኛ ስልክ ቁጥር ያስገቡ (ቁጥሮች ብቻ፤ በ+ ሊጀምር ይችላል)።',
    or: 'Maaloo lakkoofsa bilbilaa sirrii galchaa (lakkoofsota qofa, + dhaan jalqabuu danda\'a).',
    tg: 'በጃኹም ቅኑዕ ቁጽሪ ስልኪ የእትዉ (ቁጽርታት ጥራይ፣ ብ+ ክጅምር ይኽእል)።',
    sm: 'Fadlan geli lambar taleefan sax ah (tirooyin kaliya, waxaa ku bilaaban kara +).',
  }),
  emailInvalid: english({
    en: 'Please enter a valid email address.',
    am: 'እባክዎ ትክክለኛ የኢሜይል አድራሻ ያስገቡ።',
    or: 'Maaloo teessoo imeelii sirrii galchaa.',
    tg: 'በጃኹም ቅኑዕ ኣድራሻ ኢመይል የእትዉ።',
    sm: 'Fadlan geli cinwaan iimayl sax ah.',
  }),
  genderInvalid: english({
    en: 'Please choose Male or Female.',
    am: 'እባክዎ ወንድ ወይም ሴት ይምረጡ።',
    or: 'Maaloo Dhiira ykn Dubartii filadhaa.',
    tg: 'በጃኹም ተባዕታይ ወይ ኣንስተይቲ ምረጹ።',
    sm: 'Fadlan dooro Lab ama Dheddig.',
  }),
  passwordWeak: english({
    en: 'The password must have at least 8 characters, with letters and digits.',
    am: 'የይለፍ ቃሉ ቢያንስ 8 ቁምፊዎች፣ ፊደላትና ቁጥሮች ሊኖሩት ይገባል።',
    or: 'Jechi darbii yoo xiqqaate arfii 8, qubee fi lakkoofsa qabaachuu qaba.',
    tg: 'እቲ መሕለፊ ቃል እንተወሓደ 8 ፊደላት፣ ፊደላትን ቁጽርታትን ክህልዎ ኣለዎ።',
    sm: 'Furaha sirta waa inuu lahaadaa ugu yaraan 8 xaraf, oo leh xarfo iyo tirooyin.',
  }),
  emailTaken: english({
    en: 'An account with this email already exists. Log in, or use "Forgot password".',
    am: 'በዚህ ኢሜይል የተከፈተ መለያ አለ። ይግቡ ወይም "የይለፍ ቃል ረሱ?" ይጠቀሙ።',
    or: 'Herregni imeelii kanaan jiru duraan jira. Seenaa, ykn "Jecha darbii irraanfattee" fayyadamaa.',
    tg: 'ብዚ ኢመይል ዝተኸፍተ ሕሳብ ኣሎ። እተዉ፣ ወይ "መሕለፊ ቃል ረሲዕኩም" ተጠቐሙ።',
    sm: 'Akoon iimaylkan leh ayaa horay u jiray. Gal, ama isticmaal "Furaha sirta ma illowday".',
  }),
  imageInvalid: english({
    en: 'The profile picture must be a JPEG, PNG or WebP image.',
    am: 'የመገለጫ ፎቶው JPEG፣ PNG ወይም WebP ምስል መሆን አለበት።',
    or: 'Suuraan piroofaayilii JPEG, PNG ykn WebP ta\'uu qaba.',
    tg: 'ስእሊ መፍለጢ JPEG፣ PNG ወይ WebP ክኸውን ኣለዎ።',
    sm: 'Sawirka astaanta waa inuu noqdaa JPEG, PNG ama WebP.',
  }),
  imageTooLarge: english({
    en: 'The profile picture must not be larger than 2 MB.',
    am: 'የመገለጫ ፎቶው ከ2 ሜጋባይት መብለጥ የለበትም።',
    or: 'Suuraan piroofaayilii MB 2 caaluu hin qabu.',
    tg: 'ስእሊ መፍለጢ ካብ 2 ሜጋባይት ክዓቢ የብሉን።',
    sm: 'Sawirka astaanta waa inuusan ka weynaan 2 MB.',
  }),
  registered: english({
    en: 'Your account was created. We sent a verification code to your email.',
    am: 'መለያዎ ተፈጥሯል። የማረጋገጫ ኮድ ወደ ኢሜይልዎ ልከናል።',
    or: 'Herregni keessan uumameera. Koodii mirkaneessaa imeelii keessanitti ergineerra.',
    tg: 'ሕሳብኩም ተፈጢሩ። ኮድ ምርግጋጽ ናብ ኢመይልኩም ሰዲድና ኣለና።',
    sm: 'Akoonkaaga waa la sameeyay. Koodh xaqiijin ah ayaan u dirnay iimaylkaaga.',
  }),
  otpSent: english({
    en: 'A new verification code was sent to your email.',
    am: 'አዲስ የማረጋገጫ ኮድ ወደ ኢሜይልዎ ተልኳል።',
    or: 'Koodiin mirkaneessaa haaraan imeelii keessanitti ergameera.',
    tg: 'ሓድሽ ኮድ ምርግጋጽ ናብ ኢመይልኩም ተላኢኹ ኣሎ።',
    sm: 'Koodh xaqiijin cusub ayaa loo diray iimaylkaaga.',
  }),
  otpInvalid: english({
    en: 'The code is wrong or has expired. Check it, or ask for a new code.',
    am: 'ኮዱ ትክክል አይደለም ወይም ጊዜው አልፏል። ያረጋግጡ ወይም አዲስ ኮድ ይጠይቁ።',
    or: 'Koodiin dogoggora ykn yeroon isaa darbeera. Mirkaneeffadhaa, ykn koodii haaraa gaafadhaa.',
    tg: 'እቲ ኮድ ጌጋ እዩ ወይ ግዜኡ ሓሊፉ። ኣረጋግጹ፣ ወይ ሓድሽ ኮድ ሕተቱ።',
    sm: 'Koodhku waa khalad ama wuu dhacay. Hubi, ama codso koodh cusub.',
  }),
  otpNotNumeric: english({
    en: 'The verification code is made of digits only.',
    am: 'የማረጋገጫ ኮዱ ቁጥሮች ብቻ ነው።',
    or: 'Koodiin mirkaneessaa lakkoofsota qofa.',
    tg: 'ኮድ ምርግጋጽ ቁጽርታት ጥራይ እዩ።',
    sm: 'Koodhka xaqiijintu waa tirooyin kaliya.',
  }),
  emailVerified: english({
    en: 'Your email is verified. You can log in now.',
    am: 'ኢሜይልዎ ተረጋግጧል። አሁን መግባት ይችላሉ።',
    or: 'Imeeliin keessan mirkanaa\'eera. Amma seenuu dandeessu.',
    tg: 'ኢመይልኩም ተረጋጊጹ። ሕጂ ክትኣትዉ ትኽእሉ።',
    sm: 'Iimaylkaaga waa la xaqiijiyay. Hadda waad geli kartaa.',
  }),
  loginFailed: english({
    en: 'The email or password is wrong.',
    am: 'ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም።',
    or: 'Imeeliin ykn jechi darbii dogoggora.',
    tg: 'እቲ ኢመይል ወይ መሕለፊ ቃል ጌጋ እዩ።',
    sm: 'Iimaylka ama furaha sirta waa khalad.',
  }),
  emailNotVerified: english({
    en: 'Please verify your email first: enter the code we sent you.',
    am: 'እባክዎ መጀመሪያ ኢሜይልዎን ያረጋግጡ፤ የላክንልዎን ኮድ ያስገቡ።',
    or: 'Maaloo dura imeelii keessan mirkaneessaa: koodii isinii ergine galchaa.',
    tg: 'በጃኹም ቅድም ኢመይልኩም ኣረጋግጹ፤ ዝሰደድናልኩም ኮድ የእትዉ።',
    sm: 'Fadlan marka hore xaqiiji iimaylkaaga: geli koodhka aan kuu dirnay.',
  }),
  accountInactive: english({
    en: 'This account is inactive. Please contact the corporation.',
    am: 'ይህ መለያ ንቁ አይደለም። እባክዎ ኮርፖሬሽኑን ያነጋግሩ።',
    or: 'Herregni kun hojii irra hin jiru. Maaloo korporeeshinicha quunnamaa.',
    tg: 'እዚ ሕሳብ ንጡፍ ኣይኮነን። በጃኹም ንኮርፖሬሽን ተወከሱ።',
    sm: 'Akoonkan ma shaqaynayo. Fadlan la xiriir shirkadda.',
  }),
  loggedOut: english({
    en: 'You have logged out.',
    am: 'ወጥተዋል።',
    or: 'Baataniittu.',
    tg: 'ወጺእኩም ኣለኹም።',
    sm: 'Waad ka baxday.',
  }),
  forgotSent: english({
    en: 'If an account uses this email, we sent it a link to reset the password.',
    am: 'ይህን ኢሜይል የሚጠቀም መለያ ካለ፣ የይለፍ ቃል መቀየሪያ ሊንክ ልከንለታል።',
    or: 'Yoo herregni imeelii kana fayyadamu jiraate, geessituu jecha darbii haaromsuu ergineerra.',
    tg: 'ነዚ ኢመይል ዝጥቀም ሕሳብ እንተሎ፣ መሕለፊ ቃል ንምሕዳስ ሊንክ ሰዲድናሉ።',
    sm: 'Haddii akoon isticmaalo iimaylkan, waxaan u dirnay xiriiriye lagu beddelo furaha sirta.',
  }),
  resetDone: english({
    en: 'Your password was changed. You can log in with the new password.',
    am: 'የይለፍ ቃልዎ ተቀይሯል። በአዲሱ የይለፍ ቃል መግባት ይችላሉ።',
    or: 'Jechi darbii keessan jijjiirameera. Jecha darbii haaraan seenuu dandeessu.',
    tg: 'መሕለፊ ቃልኩም ተቐይሩ። ብሓድሽ መሕለፊ ቃል ክትኣትዉ ትኽእሉ።',
    sm: 'Furaha sirtaada waa la beddelay. Waxaad ku geli kartaa furaha cusub.',
  }),
  resetInvalid: english({
    en: 'This reset link is not valid any more. Please ask for a new one.',
    am: 'ይህ የመቀየሪያ ሊንክ ከእንግዲህ አይሰራም። እባክዎ አዲስ ይጠይቁ።',
    or: 'Geessituun kun kana booda hin hojjetu. Maaloo haaraa gaafadhaa.',
    tg: 'እዚ ሊንክ ደጊም ኣይሰርሕን እዩ። በጃኹም ሓድሽ ሕተቱ።',
    sm: 'Xiriiriyahan mar dambe ma shaqeynayo. Fadlan codso mid cusub.',
  }),
  sessionInvalid: english({
    en: 'Your session has ended. Please log in again.',
    am: 'ክፍለ ጊዜዎ አብቅቷል። እባክዎ እንደገና ይግቡ።',
    or: 'Yeroon seenuu keessanii xumurameera. Maaloo irra deebi\'aa seenaa.',
    tg: 'ግዜ ምእታውኩም ተወዲኡ። በጃኹም ደጊምኩም እተዉ።',
    sm: 'Fadhigaagu wuu dhammaaday. Fadlan mar kale gal.',
  }),
  forbidden: english({
    en: 'You do not have access to this.',
    am: 'ይህን ለማየት ፈቃድ የለዎትም።',
    or: 'Kana argachuuf hayyama hin qabdan.',
    tg: 'ነዚ ንምርኣይ ፍቓድ የብልኩምን።',
    sm: 'Uma haysatid oggolaansho tan.',
  }),
  fileTooLarge: english({
    en: 'The file is too large.',
    am: 'ፋይሉ በጣም ትልቅ ነው።',
    or: 'Faayiliin kun baay\'ee guddaa dha.',
    tg: 'እቲ ፋይል ኣዝዩ ዓቢ እዩ።',
    sm: 'Faylku aad buu u weyn yahay.',
  }),

  // Cases (SPEC sections 3, 5, 7 and 8, issue 4)
  caseNotFound: english({
    en: "This case isn't available",
    am: 'ይህ ጉዳይ አልተገኘም።',
    or: 'Dhimmi kun hin argamu.',
    tg: 'እዚ ጉዳይ ኣይተረኽበን።',
    sm: 'Kiiskan lama heli karo.',
  }),
  // The SPEC's own wording, spelling included (section 5).
  caseNumberInvalid: english({
    en: 'Please enter a vaild case number',
    am: 'እባክዎ ትክክለኛ የጉዳይ ቁጥር ያስገቡ',
    or: 'Maaloo lakkoofsa dhimmaa sirrii galchaa',
    tg: 'በጃኹም ቅኑዕ ቁጽሪ ጉዳይ የእትዉ',
    sm: 'Fadlan geli lambar kiis oo sax ah',
  }),
  caseRequestNotFound: english({
    en: 'The case request was not found.',
    am: 'የጉዳይ አይነቱ አልተገኘም።',
    or: 'Gosti dhimmaa kun hin argamne.',
    tg: 'እቲ ዓይነት ጉዳይ ኣይተረኽበን።',
    sm: 'Nooca kiiska lama helin.',
  }),
  caseDivisionRequired: english({
    en: 'Please choose a division.',
    am: 'እባክዎ ዘርፍ ይምረጡ።',
    or: 'Maaloo damee filadhaa.',
    tg: 'በጃኹም ዘርፊ ምረጹ።',
    sm: 'Fadlan dooro qayb.',
  }),
  caseDivisionUnknown: english({
    en: 'The chosen division does not exist.',
    am: 'የተመረጠው ዘርፍ የለም።',
    or: 'Dameen filatame hin jiru.',
    tg: 'እቲ ዝተመረጸ ዘርፊ የለን።',
    sm: 'Qaybta la doortay ma jirto.',
  }),
  caseDivisionInactive: english({
    en: 'The chosen division is not taking applications at the moment.',
    am: 'የተመረጠው ዘርፍ በአሁኑ ጊዜ ማመልከቻ አይቀበልም።',
    or: 'Dameen filatame yeroo ammaa iyyata hin fudhatu.',
    tg: 'እቲ ዝተመረጸ ዘርፊ ኣብዚ እዋን መመልከቲ ኣይቅበልን።',
    sm: 'Qaybta la doortay hadda ma qaadanayso codsiyo.',
  }),
  caseDivisionNotOffered: english({
    en: 'This division does not take applications through the portal.',
    am: 'ይህ ዘርፍ በፖርታሉ በኩል ማመልከቻ አይቀበልም።',
    or: 'Dameen kun karaa poortaalichaa iyyata hin fudhatu.',
    tg: 'እዚ ዘርፊ ብመገዲ እቲ ፖርታል መመልከቲ ኣይቅበልን።',
    sm: 'Qaybtan codsiyo kuma qaadato bogga.',
  }),
  caseRequestRequired: english({
    en: 'Please choose a case request.',
    am: 'እባክዎ የጉዳይ አይነት ይምረጡ።',
    or: 'Maaloo gosa dhimmaa filadhaa.',
    tg: 'በጃኹም ዓይነት ጉዳይ ምረጹ።',
    sm: 'Fadlan dooro nooca kiiska.',
  }),
  caseRequestUnknown: english({
    en: 'The chosen case request does not exist.',
    am: 'የተመረጠው የጉዳይ አይነት የለም።',
    or: 'Gosti dhimmaa filatame hin jiru.',
    tg: 'እቲ ዝተመረጸ ዓይነት ጉዳይ የለን።',
    sm: 'Nooca kiiska la doortay ma jiro.',
  }),
  caseRequestInactive: english({
    en: 'The chosen case request is not open for applications at the moment.',
    am: 'የተመረጠው የጉዳይ አይነት በአሁኑ ጊዜ ማመልከቻ አይቀበልም።',
    or: 'Gosti dhimmaa filatame yeroo ammaa iyyataaf banaa miti.',
    tg: 'እቲ ዝተመረጸ ዓይነት ጉዳይ ኣብዚ እዋን ንመመልከቲ ክፉት ኣይኮነን።',
    sm: 'Nooca kiiska la doortay hadda uma furna codsiyo.',
  }),
  caseRequestWrongDivision: english({
    en: 'The chosen case request does not belong to the chosen division.',
    am: 'የተመረጠው የጉዳይ አይነት በተመረጠው ዘርፍ ስር አይደለም።',
    or: 'Gosti dhimmaa filatame kan damee filatamee miti.',
    tg: 'እቲ ዝተመረጸ ዓይነት ጉዳይ ናይቲ ዝተመረጸ ዘርፊ ኣይኮነን።',
    sm: 'Nooca kiiska la doortay kama tirsana qaybta la doortay.',
  }),
  caseFormInvalid: english({
    en: 'The answers could not be read. Please fill in the form again.',
    am: 'መልሶቹን ማንበብ አልተቻለም። እባክዎ ቅጹን እንደገና ይሙሉ።',
    or: "Deebiiwwan dubbisuun hin danda'amne. Maaloo unka irra deebi'aa guutaa.",
    tg: 'እቶም መልስታት ክንበቡ ኣይከኣሉን። በጃኹም ነቲ ቅጥዒ ደጊምኩም ምልኡ።',
    sm: 'Jawaabaha lama akhriyi karin. Fadlan mar kale buuxi foomka.',
  }),
  caseAnswerForeign: english({
    en: 'An answer was given to a question that is not part of this case request.',
    am: 'የዚህ የጉዳይ አይነት አካል ላልሆነ ጥያቄ መልስ ተሰጥቷል።',
    or: 'Gaaffii gosa dhimmaa kanaa keessa hin jirreef deebiin kennameera.',
    tg: 'ናይዚ ዓይነት ጉዳይ ክፋል ዘይኮነ ሕቶ መልሲ ተዋሂቡ ኣሎ።',
    sm: "Jawaab ayaa loo bixiyay su'aal aan ka mid ahayn nooca kiiskan.",
  }),
  caseAnswerRequired: english({
    en: 'Please answer every required question.',
    am: 'እባክዎ ሁሉንም አስፈላጊ ጥያቄዎች ይመልሱ።',
    or: 'Maaloo gaaffilee barbaachisoo hunda deebisaa.',
    tg: 'በጃኹም ንኹሎም ኣድለይቲ ሕቶታት መልሱ።',
    sm: "Fadlan ka jawaab dhammaan su'aalaha loo baahan yahay.",
  }),
  caseAnswerNotNumber: english({
    en: 'Please enter a number where a number is asked for.',
    am: 'ቁጥር በሚጠየቅበት ቦታ እባክዎ ቁጥር ያስገቡ።',
    or: 'Bakka lakkoofsi gaafatamutti maaloo lakkoofsa galchaa.',
    tg: 'ቁጽሪ ኣብ ዝሕተተሉ ቦታ በጃኹም ቁጽሪ የእትዉ።',
    sm: 'Fadlan geli tiro meesha tiro la weydiiyo.',
  }),
  caseAnswerNotOption: english({
    en: 'Please choose one of the offered options.',
    am: 'እባክዎ ከቀረቡት አማራጮች አንዱን ይምረጡ።',
    or: 'Maaloo filannoowwan dhiyaatan keessaa tokko filadhaa.',
    tg: 'በጃኹም ካብቶም ዝቐረቡ ምርጫታት ሓደ ምረጹ።',
    sm: 'Fadlan dooro mid ka mid ah doorashooyinka la bixiyay.',
  }),
  caseAnswerTooLong: english({
    en: 'An answer must not be longer than 5000 characters.',
    am: 'መልስ ከ5000 ፊደላት መብለጥ የለበትም።',
    or: 'Deebiin tokko arfii 5000 caaluu hin qabu.',
    tg: 'መልሲ ካብ 5000 ፊደላት ክበዝሕ የብሉን።',
    sm: 'Jawaabku waa inuusan ka badnaan 5000 xaraf.',
  }),
  caseRemarkTooLong: english({
    en: 'The remark must not be longer than 2000 characters.',
    am: 'አስተያየቱ ከ2000 ፊደላት መብለጥ የለበትም።',
    or: 'Yaadni arfii 2000 caaluu hin qabu.',
    tg: 'እቲ ርእይቶ ካብ 2000 ፊደላት ክበዝሕ የብሉን።',
    sm: 'Faalladu waa inay ka badnaan 2000 xaraf.',
  }),
  relatedCaseUnknown: english({
    en: 'The related case was not found among your cases.',
    am: 'ተዛማጁ ጉዳይ ከጉዳዮችዎ መካከል አልተገኘም።',
    or: 'Dhimmi walqabatu dhimmoota keessan keessaa hin argamne.',
    tg: 'እቲ ተዛማዲ ጉዳይ ካብ ጉዳያትኩም ኣይተረኽበን።',
    sm: 'Kiiska la xiriira lagama helin kiisaskaaga.',
  }),
  attachmentInvalid: english({
    en: 'The attachment must be a PDF file.',
    am: 'አባሪው የPDF ፋይል መሆን አለበት።',
    or: "Maxxansaan faayilii PDF ta'uu qaba.",
    tg: 'እቲ መተሓሓዚ ፋይል PDF ክኸውን ኣለዎ።',
    sm: 'Lifaaqku waa inuu noqdaa fayl PDF ah.',
  }),
  attachmentTooLarge: english({
    en: 'The attachment must not be larger than 10 MB. Please merge your documents into one smaller PDF.',
    am: 'አባሪው ከ10 ሜጋባይት መብለጥ የለበትም። እባክዎ ሰነዶችዎን ወደ አንድ አነስተኛ PDF ያዋህዱ።',
    or: 'Maxxansaan MB 10 caaluu hin qabu. Maaloo sanadoota keessan PDF xiqqaa tokkotti walitti makaa.',
    tg: 'እቲ መተሓሓዚ ካብ 10 ሜጋባይት ክዓቢ የብሉን። በጃኹም ሰነዳትኩም ናብ ሓደ ንኡስ PDF ኣጠቓልሉ።',
    sm: 'Lifaaqku waa inuusan ka weynaan 10 MB. Fadlan dukumentiyadaada isku dar hal PDF oo yar.',
  }),
  caseSubmitted: english({
    en: 'Your case was submitted. Keep your case number to follow it.',
    am: 'ጉዳይዎ ገብቷል። ለመከታተል የጉዳይ ቁጥርዎን ይያዙ።',
    or: 'Dhimmi keessan galfameera. Hordofuuf lakkoofsa dhimmaa keessan qabadhaa.',
    tg: 'ጉዳይኩም ቀሪቡ ኣሎ። ንምክትታሉ ቁጽሪ ጉዳይኩም ሓዙ።',
    sm: 'Kiiskaaga waa la gudbiyay. Hay lambarka kiiska si aad ula socoto.',
  }),
  caseStatusInvalid: english({
    en: 'The status filter is not valid.',
    am: 'የሁኔታ ማጣሪያው ትክክል አይደለም።',
    or: 'Calleessaan haalaa sirrii miti.',
    tg: 'እቲ መጻረዪ ኩነታት ቅኑዕ ኣይኮነን።',
    sm: 'Shaandhaynta xaaladda sax maaha.',
  }),
  printLinkInvalid: english({
    en: 'This print link has expired. Please open the print page again.',
    am: 'ይህ የህትመት ሊንክ ጊዜው አልፏል። እባክዎ የህትመት ገጹን እንደገና ይክፈቱ።',
    or: "Geessituun maxxansaa kun yeroon isaa darbeera. Maaloo fuula maxxansaa irra deebi'aa banaa.",
    tg: 'እዚ ሊንክ ሕትመት ግዜኡ ሓሊፉ። በጃኹም ገጽ ሕትመት ደጊምኩም ክፈቱ።',
    sm: 'Xiriiriyahan daabacaadda wuu dhacay. Fadlan mar kale fur bogga daabacaadda.',
  }),

  // Ratings (SPEC sections 4 and 7, issue 4)
  ratingNotFound: english({
    en: 'This case has not been rated yet.',
    am: 'ይህ ጉዳይ እስካሁን አልተገመገመም።',
    or: 'Dhimmi kun hanga ammaatti hin madaalamne.',
    tg: 'እዚ ጉዳይ ክሳብ ሕጂ ኣይተገምገመን።',
    sm: 'Kiiskan weli lama qiimeyn.',
  }),
  ratingInvalid: english({
    en: 'Please choose a rating from 1 to 5 stars.',
    am: 'እባክዎ ከ1 እስከ 5 ኮከብ ደረጃ ይምረጡ።',
    or: 'Maaloo sadarkaa urjii 1 hanga 5 filadhaa.',
    tg: 'በጃኹም ካብ 1 ክሳብ 5 ኮኾብ ደረጃ ምረጹ።',
    sm: 'Fadlan dooro qiimeyn 1 ilaa 5 xiddigood.',
  }),
  ratingNotAllowed: english({
    en: 'A case can be rated only after it has been responded to.',
    am: 'ጉዳይ ሊገመገም የሚችለው ምላሽ ከተሰጠው በኋላ ብቻ ነው።',
    or: 'Dhimmi kan madaalamu erga deebiin kennameefii booda qofa.',
    tg: 'ጉዳይ ክግምገም ዝኽእል መልሲ ምስ ተዋህቦ ጥራይ እዩ።',
    sm: 'Kiis waxaa la qiimeyn karaa oo keliya marka laga jawaabo kadib.',
  }),
  ratingExists: english({
    en: 'You have already rated this case.',
    am: 'ይህን ጉዳይ ቀድመው ገምግመዋል።',
    or: 'Dhimma kana duraan madaaltaniittu.',
    tg: 'ነዚ ጉዳይ ቅድሚ ሕጂ ገምጊምኩሞ ኣለኹም።',
    sm: 'Horay ayaad u qiimeysay kiiskan.',
  }),
  ratingSaved: english({
    en: 'Thank you for rating the service.',
    am: 'አገልግሎቱን ስለገመገሙ እናመሰግናለን።',
    or: 'Tajaajila madaaluu keessaniif galatoomaa.',
    tg: 'ነቲ ኣገልግሎት ስለ ዝገምገምኩም የቐንየልና።',
    sm: 'Waad ku mahadsan tahay qiimeynta adeegga.',
  }),

  // Accusations (SPEC sections 5 and 7, issue 5)
  accusationSubjectRequired: english({
    en: 'Please write the subject of your accusation.',
    am: 'እባክዎ የጥቆማዎን ርዕስ ይጻፉ።',
    or: 'Maaloo mata duree komii keessanii barreessaa.',
    tg: 'በጃኹም ኣርእስቲ ጥርዓንኩም ጽሓፉ።',
    sm: 'Fadlan qor mawduuca cabashadaada.',
  }),
  accusationDescriptionRequired: english({
    en: 'Please describe what happened.',
    am: 'እባክዎ የሆነውን ይግለጹ።',
    or: 'Maaloo waan ta\'e ibsaa.',
    tg: 'በጃኹም ዘጋጠመ ግለጹ።',
    sm: 'Fadlan sharax waxa dhacay.',
  }),
  accusationNameTooLong: english({
    en: 'The name must not be longer than 100 characters.',
    am: 'ስሙ ከ100 ፊደላት መብለጥ የለበትም።',
    or: 'Maqaan arfii 100 caaluu hin qabu.',
    tg: 'እቲ ስም ካብ 100 ፊደላት ክበዝሕ የብሉን።',
    sm: 'Magacu waa inuusan ka badnaan 100 xaraf.',
  }),
  accusationSubjectTooLong: english({
    en: 'The subject must not be longer than 200 characters.',
    am: 'ርዕሱ ከ200 ፊደላት መብለጥ የለበትም።',
    or: 'Mata dureen arfii 200 caaluu hin qabu.',
    tg: 'እቲ ኣርእስቲ ካብ 200 ፊደላት ክበዝሕ የብሉን።',
    sm: 'Mawduucu waa inuusan ka badnaan 200 xaraf.',
  }),
  accusedPartTooLong: english({
    en: 'The accused department must not be longer than 200 characters.',
    am: 'የተከሰሰው የሥራ ክፍል ከ200 ፊደላት መብለጥ የለበትም።',
    or: 'Kutaan himatame arfii 200 caaluu hin qabu.',
    tg: 'እቲ ዝተኸሰሰ ክፍሊ ካብ 200 ፊደላት ክበዝሕ የብሉን።',
    sm: 'Qaybta la eedeeyay waa inaysan ka badnaan 200 xaraf.',
  }),
  accusationDescriptionTooLong: english({
    en: 'The description must not be longer than 5000 characters.',
    am: 'መግለጫው ከ5000 ፊደላት መብለጥ የለበትም።',
    or: 'Ibsi arfii 5000 caaluu hin qabu.',
    tg: 'እቲ መግለጺ ካብ 5000 ፊደላት ክበዝሕ የብሉን።',
    sm: 'Sharaxaaddu waa inaysan ka badnaan 5000 xaraf.',
  }),
  accusationReceived: english({
    en: 'Your accusation was received.',
    am: 'ጥቆማዎ ደርሶናል።',
    or: 'Komiin keessan nu gaheera.',
    tg: 'ጥርዓንኩም በጺሑና ኣሎ።',
    sm: 'Cabashadaada waa la helay.',
  }),
} satisfies Record<string, Translations>;

export type MessageKey = keyof typeof serverMessages;

export type MessageBody = {
  Message_en: string;
  Message_am: string;
  Message_or: string;
  Message_tg: string;
  Message_sm: string;
  Message_af: string;
};

export function messageBody(key: MessageKey): MessageBody {
  const t = serverMessages[key];
  return {
    Message_en: t.en,
    Message_am: t.am,
    Message_or: t.or,
    Message_tg: t.tg,
    Message_sm: t.sm,
    Message_af: t.af,
  };
}
