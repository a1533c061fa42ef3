/**
 * The bank lookup's branch table (GET /bank_details_by_ifsc), offline: a real provider asks RBI's IFSC list,
 * which the mock cannot reach, so it knows these branches only. Every code is in RBI's list (the bank's prefix,
 * a 0, the branch part); the names are what the lookup answers for the demo, not an authoritative directory.
 * A well-formed code that is not here answers 404, and the app leaves the bank and branch fields editable.
 *
 * Handy codes: SBIN0000001 (State Bank of India, KOLKATA MAIN), HDFC0000001 (HDFC Bank, KAMALA MILLS
 * COMPOUND), BARB0VADODA (Bank of Baroda, VADODARA). A well-formed code that is missing: ABCD0123456.
 */
export interface BankBranch {
  bank: string;
  branch: string;
}

const SBI = 'State Bank of India';
const BOB = 'Bank of Baroda';

export const BANK_BRANCHES: Readonly<Record<string, BankBranch>> = {
  SBIN0000001: { bank: SBI, branch: 'KOLKATA MAIN' },
  SBIN0000300: { bank: SBI, branch: 'MUMBAI MAIN BRANCH' },
  SBIN0000691: { bank: SBI, branch: 'NEW DELHI MAIN BRANCH' },
  SBIN0000800: { bank: SBI, branch: 'CHENNAI MAIN' },
  SBIN0000813: { bank: SBI, branch: 'BANGALORE MAIN' },
  HDFC0000001: { bank: 'HDFC Bank', branch: 'KAMALA MILLS COMPOUND' },
  ICIC0000204: { bank: 'ICICI Bank', branch: 'BANGALORE R T NAGAR' },
  KKBK0000261: { bank: 'Kotak Mahindra Bank', branch: 'GURGAON' },
  BARB0VADODA: { bank: BOB, branch: 'VADODARA' },
  BARB0CONNAU: { bank: BOB, branch: 'CONNAUGHT PLACE, NEW DELHI' },
  BARB0HYDERA: { bank: BOB, branch: 'HYDERABAD' },
  BARB0COCHIN: { bank: BOB, branch: 'COCHIN' },
  BARB0BHOPAL: { bank: BOB, branch: 'BHOPAL' },
  BARB0INDORE: { bank: BOB, branch: 'INDORE' },
  BARB0LUCKNO: { bank: BOB, branch: 'LUCKNOW' },
  BARB0PATNAX: { bank: BOB, branch: 'PATNA' },
  BARB0BHUBAN: { bank: BOB, branch: 'BHUBANESWAR' },
  BARB0RANCHI: { bank: BOB, branch: 'RANCHI' },
};

/** The branch of a code (upper case, as the app's input mask sends it); undefined when the table lacks it. */
export function branchOf(ifsc: string): BankBranch | undefined {
  return Object.hasOwn(BANK_BRANCHES, ifsc) ? BANK_BRANCHES[ifsc] : undefined;
}
