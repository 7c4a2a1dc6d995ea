import { useState } from 'react';
import { Modal } from '../../components/Modal';

/** Account (docs/accounts.md): the date of birth is chosen in a modal (the browser's own date picker inside). */
export function DatePickerModal({ value, onPick, onClose }: { value: string; onPick: (date: string) => void; onClose: () => void }) {
  const [date, setDate] = useState(value);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Modal title="Select Date of Birth" onClose={onClose}>
      <div className="field">
        <label htmlFor="dob-picker">Date of Birth</label>
        <input id="dob-picker" type="date" value={date} max={today} onChange={(e) => setDate(e.target.value)} />
      </div>
      <button type="button" className="btn btn--primary btn--block" disabled={!date} onClick={() => onPick(date)}>
        OK
      </button>
    </Modal>
  );
}
