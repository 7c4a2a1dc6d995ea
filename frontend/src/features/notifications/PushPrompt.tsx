import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { pushPermission, turnPushOn } from './pushDevice';
import './pushPrompt.css';

/** localStorage: the player said Not now once; the prompt is not shown again on this device. */
export const PUSH_PROMPT_DISMISSED_KEY = 'gotnext_push_prompt_dismissed';

/**
 * A small offer to turn push on where it helps most, in the lobby and after the first report
 * (docs/notifications.md#the-push-prompt): only while the browser has not been asked yet
 * (permission 'default'), where push works at all, and until the player says Not now, which is
 * remembered. Turn on asks the browser inside the tap and registers the device.
 */
export function PushPrompt({ text }: { text: string }) {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY) === 'true');
  const [permission] = useState(pushPermission);
  const turnOn = useMutation({ mutationFn: turnPushOn });

  if (turnOn.isSuccess) return <SuccessMessage>{turnOn.data.message}</SuccessMessage>;
  if (dismissed || permission !== 'default') return null;
  return (
    <aside className="push-prompt" aria-label="Notifications on this device">
      <p className="push-prompt__text">{text}</p>
      <ErrorMessage>
        {turnOn.error ? (turnOn.error instanceof Error && !('status' in turnOn.error) ? turnOn.error.message : errorText(turnOn.error, MSG.pushSubscriptionInvalid)) : null}
      </ErrorMessage>
      <div className="push-prompt__actions">
        <button type="button" className="btn btn--primary" disabled={turnOn.isPending} onClick={() => turnOn.mutate()}>
          Turn on
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, 'true');
            setDismissed(true);
          }}
        >
          Not now
        </button>
      </div>
    </aside>
  );
}
