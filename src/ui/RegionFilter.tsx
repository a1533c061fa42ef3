import { REGIONS, type Region } from '../lib/table-state';
import { Label, Select } from './controls';

const NAMES: Record<Region | 'all', string> = { all: 'All', north: 'North', east: 'East', west: 'West', south: 'South' };

/** The region filter: All, North, East, West, South. */
export function RegionFilter({ value, onChange }: { value: Region | 'all'; onChange: (region: Region | 'all') => void }) {
  return (
    <Label>
      Region
      <Select value={value} onChange={(e) => onChange(e.target.value as Region | 'all')}>
        {(['all', ...REGIONS] as const).map((region) => (
          <option key={region} value={region}>
            {NAMES[region]}
          </option>
        ))}
      </Select>
    </Label>
  );
}
