import type { Region } from '../../src/domain/regions';

/** States by sales region, with a few cities and their PIN prefixes, for believable addresses. */
export const REGION_STATES: Record<Region, readonly { state: string; cities: readonly string[]; pin: string }[]> = {
  north: [
    { state: 'Delhi', cities: ['New Delhi', 'Dwarka'], pin: '110' },
    { state: 'Haryana', cities: ['Gurugram', 'Faridabad'], pin: '122' },
    { state: 'Punjab', cities: ['Ludhiana', 'Amritsar'], pin: '141' },
    { state: 'Uttar Pradesh', cities: ['Lucknow', 'Kanpur', 'Noida'], pin: '226' },
    { state: 'Rajasthan', cities: ['Jaipur', 'Jodhpur'], pin: '302' },
    { state: 'Uttarakhand', cities: ['Dehradun'], pin: '248' },
  ],
  east: [
    { state: 'West Bengal', cities: ['Kolkata', 'Siliguri'], pin: '700' },
    { state: 'Odisha', cities: ['Bhubaneswar', 'Cuttack'], pin: '751' },
    { state: 'Bihar', cities: ['Patna', 'Gaya'], pin: '800' },
    { state: 'Jharkhand', cities: ['Ranchi', 'Jamshedpur'], pin: '834' },
    { state: 'Assam', cities: ['Guwahati'], pin: '781' },
  ],
  west: [
    { state: 'Maharashtra', cities: ['Mumbai', 'Pune', 'Nagpur'], pin: '400' },
    { state: 'Gujarat', cities: ['Ahmedabad', 'Surat', 'Vadodara'], pin: '380' },
    { state: 'Goa', cities: ['Panaji'], pin: '403' },
    { state: 'Madhya Pradesh', cities: ['Indore', 'Bhopal'], pin: '452' },
  ],
  south: [
    { state: 'Karnataka', cities: ['Bengaluru', 'Mysuru'], pin: '560' },
    { state: 'Tamil Nadu', cities: ['Chennai', 'Coimbatore'], pin: '600' },
    { state: 'Kerala', cities: ['Kochi', 'Thiruvananthapuram'], pin: '682' },
    { state: 'Telangana', cities: ['Hyderabad', 'Warangal'], pin: '500' },
    { state: 'Andhra Pradesh', cities: ['Visakhapatnam', 'Vijayawada'], pin: '530' },
  ],
};

/** Banks with a real-format IFSC prefix (4 letters, then 0). */
export const BANKS: readonly { name: string; ifscPrefix: string }[] = [
  { name: 'HDFC Bank', ifscPrefix: 'HDFC0' },
  { name: 'ICICI Bank', ifscPrefix: 'ICIC0' },
  { name: 'State Bank of India', ifscPrefix: 'SBIN0' },
  { name: 'Axis Bank', ifscPrefix: 'UTIB0' },
  { name: 'Kotak Mahindra Bank', ifscPrefix: 'KKBK0' },
  { name: 'Punjab National Bank', ifscPrefix: 'PUNB0' },
];

export const COMPANY_SUFFIXES = [
  'Traders',
  'Distributors',
  'Enterprises',
  'Agencies',
  'Marketing',
  'Sales Corporation',
  '& Sons',
  'Retail Pvt Ltd',
  'Wholesale',
  'Trading Co.',
] as const;
