import { MSG, parseOpenRange } from '@gotnext/shared';
import { FormField } from '../../components/FormField';

/** What the open-range part of Create Match holds: off, or the two ends as typed. */
export interface OpenRangeInput {
  on: boolean;
  min: string;
  max: string;
}

/** The typed range as the call sends it, or the problem in the server's own words. */
export function openRangeOf(input: OpenRangeInput): { range?: { min: number; max: number }; problem?: string } {
  if (!input.on) return {};
  const parsed = parseOpenRange(input.min.trim(), input.max.trim());
  if ('problem' in parsed) return { problem: parsed.problem };
  if (!parsed.range) return { problem: MSG.openRangeBoth };
  return { range: { min: parsed.range.min / 1000, max: parsed.range.max / 1000 } };
}

/**
 * "Open to players rated X–Y" (docs/matches.md#open-lobbies): off by default; on, the lobby is
 * listed to players near the creator whose shown rating is in the range, and they join in one tap.
 */
export function OpenRangeFields({ value, onChange, problem }: { value: OpenRangeInput; onChange: (next: OpenRangeInput) => void; problem: string | null }) {
  return (
    <div className="open-range">
      <label className="check">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ ...value, on: e.target.checked })} />
        Open to nearby players by rating
      </label>
      {value.on && (
        <>
          <p className="muted">Players in your state or region whose rating is in this range see the game and join in one tap.</p>
          <div className="open-range__pair">
            <FormField label="Lowest rating">
              <input type="text" inputMode="decimal" autoComplete="off" value={value.min} onChange={(e) => onChange({ ...value, min: e.target.value })} />
            </FormField>
            <FormField label="Highest rating">
              <input type="text" inputMode="decimal" autoComplete="off" value={value.max} onChange={(e) => onChange({ ...value, max: e.target.value })} />
            </FormField>
          </div>
          {problem && (
            <p className="field__error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  );
}
