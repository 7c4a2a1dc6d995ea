import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

/**
 * One camera stream for a shot: `start` asks for it (the browser asks the player), `stop` lets it
 * go; it also stops when the component leaves. Without a camera (a desktop, a refusal) the state
 * is 'unavailable' and the screen offers its file picker.
 */
export function useCamera(facingMode: 'user' | 'environment') {
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setState((s) => (s === 'unavailable' ? s : 'off'));
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
      setState('on');
    } catch {
      setState('unavailable');
    }
  }, [facingMode]);

  // Attach the stream once the <video> is on screen.
  useEffect(() => {
    if (state === 'on' && video.current && stream.current && video.current.srcObject !== stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [state]);

  useEffect(() => stop, [stop]);

  /** Resolves once the video shows frames (its size is known). */
  const ready = useCallback(async () => {
    for (let i = 0; i < 100 && !(video.current && video.current.videoWidth > 0); i++) await new Promise((r) => setTimeout(r, 50));
    return video.current;
  }, []);

  return { video, state, start, stop, ready };
}
