import { MSG } from '@gotnext/shared';
import { useConnectionLost } from '../realtime';

/**
 * The one app-wide word on the connection (docs/realtime.md#offline): while it is lost, what the
 * screens show is what they last read, and this strip says so; it goes away once the socket is
 * back and the live screens have been read again.
 */
export function ConnectionStrip() {
  const lost = useConnectionLost();
  if (!lost) return null;
  return (
    <div className="connection-strip" role="status" data-testid="connection-strip">
      <strong>{MSG.connectionLost}</strong> <span>{MSG.connectionStale}</span>
    </div>
  );
}
