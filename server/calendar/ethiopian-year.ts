// The corporation counts years in the Ethiopian calendar, whose year turns on Meskerem 1
// (11 or 12 September) in Addis Ababa, wherever the server's clock is set.
const ethiopianYearFormat = new Intl.DateTimeFormat('en-u-ca-ethiopic', { year: 'numeric', timeZone: 'Africa/Addis_Ababa' });

/** The Ethiopian-calendar year of a moment: case numbers and accusation references carry it. */
export function ethiopianYear(date: Date): number {
  const year = ethiopianYearFormat.formatToParts(date).find((part) => part.type === 'year');
  return Number(year?.value);
}
