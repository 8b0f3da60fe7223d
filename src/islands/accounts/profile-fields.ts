/** The profile fields the account area shows and edits, with their labels. */
export const PROFILE_FIELDS = [
  ['title', 'Title'],
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['companyName', 'Company name'],
  ['companyWebsite', 'Company website'],
  ['phone', 'Phone'],
  ['mobileTelephone', 'Mobile telephone'],
  ['addressLine1', 'Address line 1'],
  ['addressLine2', 'Address line 2'],
  ['city', 'City'],
  ['county', 'County'],
  ['postcode', 'Postcode'],
  ['country', 'Country'],
] as const;

export type ProfileKey = (typeof PROFILE_FIELDS)[number][0];
export type ProfileValues = Record<ProfileKey, string> & { tradeReferences: string[] };
