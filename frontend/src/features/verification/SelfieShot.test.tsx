import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SelfieShot } from './SelfieShot';

// Downscaling is slow on a busy phone; here each file's downscale finishes when the test says so.
const pending = new Map<string, (b: Blob) => void>();
vi.mock('./images', async (original) => ({
  ...(await original<typeof import('./images')>()),
  downscale: (file: File) => new Promise<Blob>((done) => pending.set(file.name, done)),
}));

describe('the selfie from two chosen photos', () => {
  it('keeps both photos when the second is chosen before the first is ready', async () => {
    const onSelfie = vi.fn();
    render(<SelfieShot selfie={null} onSelfie={onSelfie} />);
    fireEvent.click(screen.getByText('No camera? Choose two photos'));
    const straight = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const turned = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Selfie looking at the camera'), { target: { files: [straight] } });
    fireEvent.change(screen.getByLabelText('Selfie with your head turned'), { target: { files: [turned] } });
    await waitFor(() => expect(pending.size).toBe(2));
    const [small, smallTurned] = [new Blob(['A']), new Blob(['B'])];
    pending.get('b.jpg')!(smallTurned);
    pending.get('a.jpg')!(small);
    await waitFor(() => expect(onSelfie).toHaveBeenCalledWith([small, smallTurned]));
  });
});

describe('the selfie camera', () => {
  it('lets the player take the selfie only once the camera shows a picture', async () => {
    const track = { stop: vi.fn() };
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { unmount } = render(<SelfieShot selfie={null} onSelfie={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start selfie camera' }));
    const video = (await screen.findByLabelText('Camera for the selfie')) as HTMLVideoElement;
    // A waking camera: the stream is there, its first frame is not.
    await waitFor(() => expect(video.srcObject).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Take selfie' })).toBeDisabled();
    Object.defineProperty(video, 'videoWidth', { configurable: true, value: 640 });
    act(() => void video.dispatchEvent(new Event('loadeddata')));
    expect(screen.getByRole('button', { name: 'Take selfie' })).toBeEnabled();
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });
});
