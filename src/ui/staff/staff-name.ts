/** A staff member's name as people say it: first and last (the middle name is the father's). */
export const staffName = ({ firstname, lastname }: { firstname: string; lastname: string }) => `${firstname} ${lastname}`.trim();
