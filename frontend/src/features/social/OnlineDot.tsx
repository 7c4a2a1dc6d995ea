import { useConnectionLost } from '../../realtime';

/**
 * The green dot of a player who is online (docs/social.md#presence); nothing when offline or
 * unknown, and nothing while this tab's own connection is lost: it could not hear them leave.
 */
export function OnlineDot({ online, name }: { online: boolean | undefined; name: string }) {
  const lost = useConnectionLost();
  if (!online || lost) return null;
  return <span className="online-dot" role="img" aria-label={`${name} is online`} title="Online" />;
}
