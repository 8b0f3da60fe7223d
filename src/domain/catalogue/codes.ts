/**
 * The one rule for matching a stock code or a certificate number, typed or pasted: spaces
 * around it dropped, any letter case ('ft-s-002207' names FT-S-002207). The list's code
 * search, the pasted list and the lookup calls all compare `codeKey`s.
 */
export const codeKey = (code: string | null | undefined): string => (code ?? '').trim().toLowerCase();
