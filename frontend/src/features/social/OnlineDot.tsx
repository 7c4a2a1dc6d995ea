/** The green dot of a player who is online (docs/social.md#presence); nothing when offline or unknown. */
export function OnlineDot({ online, name }: { online: boolean | undefined; name: string }) {
  if (!online) return null;
  return <span className="online-dot" role="img" aria-label={`${name} is online`} title="Online" />;
}
