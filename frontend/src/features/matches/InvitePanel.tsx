import { useEffect, useState } from 'react';
import { MSG } from '@gotnext/shared';
import './invite.css';

/** The full invite link of a path on this site (docs/product.md#sharing-a-match). */
const inviteUrl = (path: string) => `${window.location.origin}${path}`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copy, Share and a QR code of a match's invite link (docs/product.md#sharing-a-match): `path` is
 * the scope's join page with the code (a league's own for a league match). Share uses
 * the Web Share API where the browser has it, else copies. `onUse` tells the page the player is
 * sharing (the code view then stops its countdown to the lobby).
 */
export function InvitePanel({ code, path, onUse }: { code: string; path: string; onUse?: () => void }) {
  const url = inviteUrl(path);
  const [qr, setQr] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    // Fetched when a code is shown: the QR library is a tenth of the pages' code, and a phone
    // opening Create a Match or a lobby should not wait for it (docs/architecture.md#phone-app).
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: 'M' }))
      .then((data) => live && setQr(data))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);

  async function copy() {
    onUse?.();
    const ok = await copyText(url);
    setNote({ ok, text: ok ? MSG.inviteCopied : MSG.inviteCopyFailed });
  }

  async function share() {
    onUse?.();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'GotNext match', text: MSG.inviteShareText(code), url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return; // the player closed the sheet
      }
    }
    await copy();
  }

  return (
    <section className="invite" aria-label="Invite players">
      <label className="invite__link">
        <span>Invite link</span>
        <input type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="invite__buttons">
        <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void share()}>
          Share
        </button>
      </div>
      {note && (
        <p className={`feedback ${note.ok ? 'feedback--success' : 'feedback--error'}`} role="status">
          {note.text}
        </p>
      )}
      {qr && <img className="invite__qr" src={qr} width={176} height={176} alt={`QR code of the invite link for match ${code}`} />}
    </section>
  );
}
