import { REGION_LABELS, REGIONS, type RegionFilter as RegionChoice } from '../domain/regions';
import { Label, Select } from './controls';

const NAMES: Record<RegionChoice, string> = { all: 'All', ...REGION_LABELS };

/** The region filter: All, North, East, West, South. */
export function RegionFilter({ value, onChange }: { value: RegionChoice; onChange: (region: RegionChoice) => void }) {
  return (
    <Label>
      Region
      <Select value={value} onChange={(e) => onChange(e.target.value as RegionChoice)}>
        {(['all', ...REGIONS] as const).map((region) => (
          <option key={region} value={region}>
            {NAMES[region]}
          </option>
        ))}
      </Select>
    </Label>
  );
}
