import { FormField } from '../../components/FormField';

/** Two whole-number score boxes (minimum 0) side by side. */
export function ScoreInputs({
  labels,
  hints,
  values,
  onChange,
  disabled,
}: {
  labels: [string, string];
  hints?: [string, string];
  values: [string, string];
  onChange: (v: [string, string]) => void;
  disabled?: boolean;
}) {
  return (
    <div className="score-pair">
      {labels.map((label, i) => (
        <FormField key={label} label={label} hint={hints?.[i] || undefined}>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values[i]}
            disabled={disabled}
            onChange={(e) => onChange(i === 0 ? [e.target.value, values[1]] : [values[0], e.target.value])}
          />
        </FormField>
      ))}
    </div>
  );
}

/** Both boxes hold whole numbers ≥ 0; otherwise null. */
export function parseScores(values: [string, string]): [number, number] | null {
  const parsed = values.map((v) => (/^\d{1,3}$/.test(v.trim()) ? Number(v) : NaN));
  return parsed.every(Number.isInteger) ? [parsed[0], parsed[1]] : null;
}
