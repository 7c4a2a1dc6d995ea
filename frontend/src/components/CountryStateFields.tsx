import { COUNTRIES, US } from '@gotnext/shared';
import { FormField } from './FormField';

interface CountryStateFieldsProps {
  country: string;
  state: string;
  /** The states offered once the country is the United States (signup also offers 'International'). */
  stateOptions: readonly string[];
  onCountryChange: (country: string) => void;
  onStateChange: (state: string) => void;
  /** Starts each list with an empty "Select Country" / "Select State" choice (nothing chosen yet). */
  placeholders?: boolean;
  errors?: { country?: string; state?: string };
}

/** The Country select and, for the United States only, the State select beside it. */
export function CountryStateFields({ country, state, stateOptions, onCountryChange, onStateChange, placeholders = false, errors = {} }: CountryStateFieldsProps) {
  return (
    <>
      <FormField label="Country" error={errors.country}>
        <select value={country} onChange={(e) => onCountryChange(e.target.value)}>
          {placeholders && <option value="">Select Country</option>}
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </FormField>
      {country === US && (
        <FormField label="State" error={errors.state}>
          <select value={state} onChange={(e) => onStateChange(e.target.value)}>
            {placeholders && <option value="">Select State</option>}
            {stateOptions.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </FormField>
      )}
    </>
  );
}
