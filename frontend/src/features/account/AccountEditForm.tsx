import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_STATE_OPTIONS,
  MSG,
  PROFILE_PHOTO_MAX_BYTES,
  US,
  countryOfState,
  heightShown,
  validateAccountUpdate,
  type Preferences,
  type UpdateUserFields,
  type User,
} from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { CountryStateFields } from '../../components/CountryStateFields';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { BlockedPlayersModal } from './BlockedPlayersModal';
import { DatePickerModal } from './DatePickerModal';
import { HeightPickerModal } from './HeightPickerModal';
import { updateAccount } from './accountApi';

const PREFERENCE_LABELS: Record<keyof Preferences, string> = {
  allowMessages: 'Allow messages from non-friends',
  displayHeight: 'Display height on my profile',
  displayWeight: 'Display weight on my profile',
  displayStateRanking: 'Display state ranking',
  displayRating: 'Display rating',
  displayWinsLosses: 'Display wins and losses',
  censorSensitiveInfo: 'Censor sensitive info (email, phone, date of birth)',
};

interface Props {
  user: User;
  onSaved: () => void;
}

/** The account's edit mode (docs/accounts.md). Save sends everything as one multipart PUT and returns to view mode. */
export function AccountEditForm({ user, onSaved }: Props) {
  const initialCountry = countryOfState(user.state);
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [country, setCountry] = useState(initialCountry);
  const [state, setState] = useState(initialCountry === US && user.state !== US ? user.state : '');
  const [dob, setDob] = useState(user.date_of_birth);
  const [bio, setBio] = useState(user.bio);
  const [height, setHeight] = useState(user.height ?? '');
  const [weight, setWeight] = useState(user.weight ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preferences, setPreferences] = useState<Preferences>(user.preferences);
  const [modal, setModal] = useState<'date' | 'height' | 'blocked' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const update = useMutation({
    mutationFn: (fields: UpdateUserFields) => updateAccount(fields, photo),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.me(), saved);
      onSaved();
    },
  });
  const error = problem ?? errorText(update.error, MSG.updateFailed);
  // A preview of the picked photo before it is saved (docs/product.md#account).
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  function pickPhoto(file: File | null) {
    setProblem(file && file.size >= PROFILE_PHOTO_MAX_BYTES ? MSG.photoTooLarge : null);
    update.reset();
    setPhoto(file && file.size < PROFILE_PHOTO_MAX_BYTES ? file : null);
  }

  function save(e: FormEvent) {
    e.preventDefault();
    const fields: UpdateUserFields = {
      first_name: firstName.trim(),
      last_name: lastName.trim(),
      state: country === US ? state || US : country,
      date_of_birth: dob,
      bio,
      height: height || null,
      weight: weight.trim() || null,
      preferences,
    };
    const invalid = validateAccountUpdate(fields as Record<string, unknown>);
    setProblem(invalid);
    if (invalid) update.reset();
    else update.mutate(fields);
  }

  return (
    <form className="card panel account-form" onSubmit={save} noValidate>
      <h2>Edit Profile</h2>
      <p className="muted account-note">Editing your name, state/region or date of birth requires a new verification request.</p>
      <div className="form-grid">
        <FormField label="First Name">
          <input value={firstName} onChange={(e) => setFirstName(e.target.value)} autoComplete="given-name" />
        </FormField>
        <FormField label="Last Name">
          <input value={lastName} onChange={(e) => setLastName(e.target.value)} autoComplete="family-name" />
        </FormField>
        <CountryStateFields
          country={country}
          state={state || 'N/A'}
          stateOptions={ACCOUNT_STATE_OPTIONS}
          onCountryChange={(c) => (setCountry(c), setState(''))}
          onStateChange={setState}
        />
        <div className="field">
          <span className="field__label">Date of Birth</span>
          <button type="button" className="btn btn--secondary picker-button" onClick={() => setModal('date')} aria-label={`Date of Birth: ${dob}`}>
            {dob || 'Select date'}
          </button>
        </div>
        <div className="field">
          <span className="field__label">Height</span>
          <button type="button" className="btn btn--secondary picker-button" onClick={() => setModal('height')} aria-label={`Height: ${heightShown(height) || 'not set'}`}>
            {heightShown(height) || 'Select height'}
          </button>
        </div>
        <FormField label="Weight">
          <input value={weight} onChange={(e) => setWeight(e.target.value)} placeholder="e.g. 185 lbs" />
        </FormField>
        <FormField label="Profile Photo (under 4MB)">
          <input type="file" accept="image/*" onChange={(e) => pickPhoto(e.target.files?.[0] ?? null)} />
        </FormField>
        {preview && <img className="photo-preview" src={preview} alt="Preview of your new photo" width={96} height={96} />}
      </div>
      <FormField label="Bio">
        <textarea value={bio} onChange={(e) => setBio(e.target.value)} rows={4} />
      </FormField>

      <fieldset className="preferences">
        <legend>Preferences</legend>
        {(Object.keys(PREFERENCE_LABELS) as (keyof Preferences)[]).map((key) => (
          <label key={key} className="preference">
            <input type="checkbox" checked={preferences[key]} onChange={(e) => setPreferences((p) => ({ ...p, [key]: e.target.checked }))} />
            {PREFERENCE_LABELS[key]}
          </label>
        ))}
      </fieldset>

      <div className="account-form__actions">
        <button type="button" className="btn btn--secondary" onClick={() => setModal('blocked')}>
          Manage/Add Blocked Players
        </button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      <button type="submit" className="btn btn--primary btn--block" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </button>
      {/* Away from Save, so a thumb aiming for Save never lands on it (docs/product.md#account). */}
      <section className="danger-zone" aria-label="Danger zone">
        <h3>Danger zone</h3>
        <Link to="/delete-account" className="btn btn--danger">
          Delete Account
        </Link>
      </section>

      {modal === 'date' && <DatePickerModal value={dob} onClose={() => setModal(null)} onPick={(d) => (setDob(d), setModal(null))} />}
      {modal === 'height' && <HeightPickerModal value={height} onClose={() => setModal(null)} onPick={(h) => (setHeight(h), setModal(null))} />}
      {modal === 'blocked' && <BlockedPlayersModal onClose={() => setModal(null)} />}
    </form>
  );
}
