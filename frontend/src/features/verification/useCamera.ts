import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'off' | 'starting' | 'on' | 'unavailable';

/**
 * One camera stream for a shot: `start` asks for it (the browser asks the player), `stop` lets it
 * go; it also stops when the component leaves. The state is 'on' only once the <video> shows
 * frames, so a shot is never taken of the black picture a slow phone shows while its camera wakes
 * up. Without a camera (a desktop, a refusal) the state is 'unavailable' and the screen offers its
 * file picker.
 */
export function useCamera(facingMode: 'user' | 'environment') {
  const video = useRef<HTMLVideoElement | null>(null);
  const tracks = useRef<MediaStream | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');

  const stop = useCallback(() => {
    tracks.current?.getTracks().forEach((t) => t.stop());
    tracks.current = null;
    setStream(null);
    setState((s) => (s === 'unavailable' ? s : 'off'));
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      tracks.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
      setStream(tracks.current);
    } catch {
      setState('unavailable');
    }
  }, [facingMode]);

  // The <video> is on screen while 'starting': attach the stream, and turn 'on' at its first frame.
  useEffect(() => {
    const v = video.current;
    if (!stream || !v) return;
    const shown = () => {
      if (v.videoWidth > 0) setState((s) => (s === 'starting' ? 'on' : s));
    };
    v.addEventListener('loadeddata', shown);
    v.addEventListener('resize', shown);
    v.srcObject = stream;
    void v.play().catch(() => undefined);
    shown();
    return () => {
      v.removeEventListener('loadeddata', shown);
      v.removeEventListener('resize', shown);
    };
  }, [stream]);

  useEffect(() => stop, [stop]);

  return { video, state, start, stop };
}
