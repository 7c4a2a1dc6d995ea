import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { spectatorPath } from '@gotnext/shared';
import { SCOREBOARD_WORDS as W } from './scoreboardWords';

/**
 * The read-only public link of a scoreboard and its QR code (docs/product.md#scoreboard): a friend
 * on the sideline scans it and follows the score, logged in or not.
 */
export function SpectatorLink({ token }: { token: string }) {
  const url = `${window.location.origin}${spectatorPath(token)}`;
  const [qr, setQr] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: 'M' })
      .then((data) => live && setQr(data))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setNote(W.copied);
    } catch {
      setNote(W.copyFailed);
    }
  }

  return (
    <section className="scoreboard__watch" aria-labelledby="watch-heading">
      <h2 id="watch-heading">{W.watchHeading}</h2>
      <p className="muted">{W.watchText}</p>
      <label className="scoreboard__link">
        <span>{W.watchLinkLabel}</span>
        <input type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
        {W.copy}
      </button>
      {note && (
        <p className="feedback" role="status">
          {note}
        </p>
      )}
      {qr && <img className="scoreboard__qr" src={qr} width={176} height={176} alt="QR code of the spectator link" />}
    </section>
  );
}
