import { MATCH_TYPES, SCORING_TYPES, isMatchType, isScoringType, type MatchType, type ScoringType } from '@gotnext/shared';
import { FormField } from '../../components/FormField';

/** The match type dropdown of every form that makes a match (Create Match, Create League Match, Add Match to History). */
export function MatchTypeSelect({ label = 'Match Type', value, onChange }: { label?: string; value: MatchType; onChange: (type: MatchType) => void }) {
  return (
    <FormField label={label}>
      <select value={value} onChange={(e) => isMatchType(e.target.value) && onChange(e.target.value)}>
        {MATCH_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** The scoring type dropdown beside it (docs/matches.md). */
export function ScoringTypeSelect({ value, onChange }: { value: ScoringType; onChange: (scoring: ScoringType) => void }) {
  return (
    <FormField label="Scoring Type">
      <select value={value} onChange={(e) => isScoringType(e.target.value) && onChange(e.target.value)}>
        {SCORING_TYPES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </FormField>
  );
}
