import { useState } from 'react';
import { DEFAULT_HEIGHT, HEIGHT_FEET_MAX, HEIGHT_FEET_MIN, HEIGHT_INCHES_MAX, formatHeight, parseHeight } from '@gotnext/shared';
import { Modal } from '../../components/Modal';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The height picker (docs/accounts.md): feet 4 to 11, inches 0 to 11, default 6'0, stored as feet'inches. */
export function HeightPickerModal({ value, onPick, onClose }: { value: string | null; onPick: (height: string) => void; onClose: () => void }) {
  const start = parseHeight(value) ?? parseHeight(DEFAULT_HEIGHT)!;
  const [feet, setFeet] = useState(start.feet);
  const [inches, setInches] = useState(start.inches);
  return (
    <Modal title="Select Height" onClose={onClose}>
      <div className="picker-row height-picker">
        <label>
          Feet
          <select value={feet} onChange={(e) => setFeet(Number(e.target.value))} aria-label="Feet">
            {range(HEIGHT_FEET_MIN, HEIGHT_FEET_MAX).map((f) => (
              <option key={f} value={f}>
                {f} ft
              </option>
            ))}
          </select>
        </label>
        <label>
          Inches
          <select value={inches} onChange={(e) => setInches(Number(e.target.value))} aria-label="Inches">
            {range(0, HEIGHT_INCHES_MAX).map((i) => (
              <option key={i} value={i}>
                {i} in
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className="btn btn--primary btn--block" onClick={() => onPick(formatHeight(feet, inches))}>
        OK
      </button>
    </Modal>
  );
}
