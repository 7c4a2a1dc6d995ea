import { MATCH_TYPES, SCORING_TYPES, isMatchType, isScoringType, scoringMeaning, type MatchType, type ScoringType } from '@gotnext/shared';
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

/**
 * The scoring type dropdown beside it (docs/product.md#create-match): each option is the spec's name
 * with its meaning ("1s & 2s to 11 · Game to 11 · baskets count 1 and 2"), and the chosen one's
 * meaning stays under the closed box, which a phone cuts short.
 */
export function ScoringTypeSelect({ value, onChange }: { value: ScoringType; onChange: (scoring: ScoringType) => void }) {
  return (
    <FormField label="Scoring Type" hint={scoringMeaning(value)}>
      <select value={value} onChange={(e) => isScoringType(e.target.value) && onChange(e.target.value)}>
        {SCORING_TYPES.map((s) => (
          <option key={s} value={s}>
            {s} · {scoringMeaning(s)}
          </option>
        ))}
      </select>
    </FormField>
  );
}
