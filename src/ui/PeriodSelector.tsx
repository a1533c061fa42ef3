import { Label, Select } from './controls';

export type Period = 'today' | 'this_week' | 'this_month' | 'this_year';
export const PERIOD_NAMES: Record<Period, string> = {
  today: 'Today',
  this_week: 'This Week',
  this_month: 'This Month',
  this_year: 'This Year',
};

/** A period choice; each screen passes the options the spec gives it (home selectors offer only This Year). */
export function PeriodSelector({
  value,
  options,
  onChange,
  label = 'Period',
}: {
  value: Period;
  options: readonly Period[];
  onChange: (period: Period) => void;
  label?: string;
}) {
  return (
    <Label>
      {label}
      <Select value={value} onChange={(e) => onChange(e.target.value as Period)} disabled={options.length < 2}>
        {options.map((period) => (
          <option key={period} value={period}>
            {PERIOD_NAMES[period]}
          </option>
        ))}
      </Select>
    </Label>
  );
}
