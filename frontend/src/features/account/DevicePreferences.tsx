import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, PUSH_TYPE_LABELS, PUSH_TYPES, ROUTES, type PushSettings } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { setTheme, useTheme, type ThemeChoice } from '../../app/theme';
import { currentSubscription, pushSupported, turnPushOff, turnPushOn } from '../notifications/pushDevice';

const pushSettingsKey = ['push-settings'] as const;

/** Light/dark for this device (docs/product.md#appearance). */
function AppearanceChoice() {
  const theme = useTheme();
  const options: { value: ThemeChoice; label: string }[] = [
    { value: 'system', label: 'Same as this device' },
    { value: 'light', label: 'Light' },
    { value: 'dark', label: 'Dark' },
  ];
  return (
    <fieldset className="device-prefs__group">
      <legend>Appearance</legend>
      {options.map((o) => (
        <label key={o.value} className="device-prefs__option">
          <input type="radio" name="theme" value={o.value} checked={theme === o.value} onChange={() => setTheme(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Push on this device, and which kinds the player gets on every device (docs/notifications.md#web-push). */
function PushChoice() {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: pushSettingsKey, queryFn: () => call(ROUTES.pushSettings, { fallback: MSG.fetchUserFailed }) });
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    void currentSubscription().then((s) => setSubscribed(Boolean(s)));
  }, []);

  const toggleDevice = useMutation({
    mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
    onMutate: () => {
      setError(null);
      setDone(null);
    },
    onSuccess: (res, on) => {
      setSubscribed(on);
      setDone(res.message);
      void client.invalidateQueries({ queryKey: pushSettingsKey });
    },
    onError: (e) => setError(e instanceof Error && !('status' in e) ? e.message : errorText(e, MSG.pushSubscriptionInvalid)),
  });

  const update = useMutation({
    mutationFn: (change: Partial<PushSettings>) => call(ROUTES.updatePushSettings, { body: change, fallback: MSG.pushSettingsInvalid }),
    onSuccess: (res) => {
      client.setQueryData(pushSettingsKey, res);
      setDone(MSG.pushSettingsSaved);
    },
    onError: (e) => setError(errorText(e, MSG.pushSettingsInvalid)),
  });

  return (
    <fieldset className="device-prefs__group">
      <legend>Push notifications</legend>
      {!pushSupported() ? (
        <p className="muted">{MSG.pushNotSupported}</p>
      ) : (
        <label className="device-prefs__option">
          <input type="checkbox" checked={Boolean(subscribed)} disabled={subscribed === null || toggleDevice.isPending} onChange={(e) => toggleDevice.mutate(e.target.checked)} />
          Notify me on this device
        </label>
      )}
      {settings.data && (
        <div className="device-prefs__types">
          <p className="muted">Send me a notification when:</p>
          {PUSH_TYPES.map((type) => (
            <label key={type} className="device-prefs__option">
              <input type="checkbox" checked={settings.data.settings[type]} disabled={update.isPending} onChange={(e) => update.mutate({ [type]: e.target.checked })} />
              {PUSH_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      <SuccessMessage>{done}</SuccessMessage>
    </fieldset>
  );
}

/** Preferences that belong to this phone or browser: appearance, push. */
export function DevicePreferences() {
  return (
    <section className="card panel device-prefs" aria-labelledby="device-prefs-title">
      <h2 id="device-prefs-title">This device</h2>
      <AppearanceChoice />
      <PushChoice />
    </section>
  );
}
