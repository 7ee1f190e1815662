import {
  periodPresetLabels,
  periodPresets,
  periodRange,
  toBusinessIsoDate,
  type PeriodPreset,
} from '@bo/contracts/reports';
import { fromStoredDate, toStoredDate } from '@bo/ui';
import { DatePicker, Select } from 'antd';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';

export type Period = { preset: PeriodPreset; from: string; to: string };

const isPreset = (value: string | null): value is PeriodPreset =>
  value !== null && (periodPresets as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

// A report's period, in the address (?periode=month, or ?periode=custom&du=...&au=...): a link reopens the same
// figures; a preset is computed from today (Paris) each time.
export function usePeriodParam(defaultPreset: Exclude<PeriodPreset, 'custom'>) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('periode');
  const preset: PeriodPreset = isPreset(asked) ? asked : defaultPreset;
  const today = toBusinessIsoDate(new Date());
  const fallback = periodRange(preset === 'custom' ? defaultPreset : preset, today);
  const from = preset === 'custom' && isDay(params.get('du')) ? params.get('du')! : fallback.from;
  const to = preset === 'custom' && isDay(params.get('au')) ? params.get('au')! : fallback.to;
  const period: Period = { preset, from: from <= to ? from : to, to: from <= to ? to : from };
  const change = (next: Partial<Period>) => {
    setParams((current) => {
      const out = new URLSearchParams(current);
      const merged = { ...period, ...next };
      out.set('periode', merged.preset);
      if (merged.preset === 'custom') {
        out.set('du', merged.from);
        out.set('au', merged.to);
      } else {
        out.delete('du');
        out.delete('au');
      }
      return out;
    });
  };
  return { period, change };
}

// The preset (Cette semaine, Ce mois...) and, for a chosen period, its first and last day.
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (next: Partial<Period>) => void }) {
  const id = `p-${useId().replace(/:/g, '')}`;
  return (
    <div className="bo-report__filters" role="group" aria-label="Choix de la période">
      <div className="bo-table__filter">
        <label htmlFor={`${id}-preset`} className="bo-table__filter-label">
          Période
        </label>
        <Select
          id={`${id}-preset`}
          style={{ minWidth: 180 }}
          value={period.preset}
          onChange={(preset: PeriodPreset) => onChange({ preset, from: period.from, to: period.to })}
          options={periodPresets.map((preset) => ({ value: preset, label: periodPresetLabels[preset] }))}
        />
      </div>
      <div className="bo-table__filter">
        <label htmlFor={`${id}-from`} className="bo-table__filter-label">
          Du
        </label>
        <DatePicker
          id={`${id}-from`}
          format="DD/MM/YYYY"
          placeholder="jj/mm/aaaa"
          allowClear={false}
          value={fromStoredDate(period.from)}
          onChange={(value) => value && onChange({ preset: 'custom', from: toStoredDate(value) })}
        />
      </div>
      <div className="bo-table__filter">
        <label htmlFor={`${id}-to`} className="bo-table__filter-label">
          Au
        </label>
        <DatePicker
          id={`${id}-to`}
          format="DD/MM/YYYY"
          placeholder="jj/mm/aaaa"
          allowClear={false}
          value={fromStoredDate(period.to)}
          onChange={(value) => value && onChange({ preset: 'custom', to: toStoredDate(value) })}
        />
      </div>
    </div>
  );
}
