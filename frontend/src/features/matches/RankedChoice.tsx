import { useId } from 'react';

/**
 * Ranked or Casual on Create Match (docs/product.md#create-match): two large options, each with a
 * one-line meaning. The Ranked option keeps the spec's name, Ranked Match, and is disabled for an
 * unverified player, as the spec's checkbox was. Each whole option (at least 44 px high) is the
 * tap target.
 */
export function RankedChoice({ ranked, canRank, onChange }: { ranked: boolean; canRank: boolean; onChange: (ranked: boolean) => void }) {
  const id = useId();
  const options = [
    { value: true, name: 'Ranked Match', meaning: 'Counts toward your rating. Every player must be verified.', disabled: !canRank },
    { value: false, name: 'Casual', meaning: 'Just for fun: no rating change, anyone can join.', disabled: false },
  ];
  return (
    <fieldset className="ranked-choice">
      <legend className="visually-hidden">Ranked or casual</legend>
      {options.map((o) => (
        <label key={o.name} className={`ranked-choice__option${ranked === o.value ? ' ranked-choice__option--on' : ''}`}>
          <input
            type="radio"
            name={`${id}-ranked`}
            checked={ranked === o.value}
            disabled={o.disabled}
            aria-labelledby={`${id}-${o.value}-name`}
            aria-describedby={`${id}-${o.value}-meaning`}
            onChange={() => onChange(o.value)}
          />
          <span className="ranked-choice__words">
            <strong id={`${id}-${o.value}-name`}>{o.name}</strong>
            <small id={`${id}-${o.value}-meaning`}>{o.meaning}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
