import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { COURT_GAME_SIZES, addCourtProblem, type AddCourtRequest } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { useAddCourt } from './courtQueries';

/** Add a court (docs/courts.md#adding-a-court): the position from the phone or typed; the form checks what the server checks. */
export function AddCourtForm({ position }: { position: { lat: number; lng: number } | null }) {
  const navigate = useNavigate();
  const add = useAddCourt();
  const [form, setForm] = useState({ name: '', address: '', lat: '', lng: '', indoor: 'outdoor', hoops: '1', game_size: '5', notes: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: AddCourtRequest = {
      name: form.name,
      address: form.address,
      lat: Number(form.lat === '' ? NaN : form.lat),
      lng: Number(form.lng === '' ? NaN : form.lng),
      indoor: form.indoor === 'indoor',
      hoops: Number(form.hoops),
      game_size: Number(form.game_size),
      notes: form.notes,
    };
    const p = addCourtProblem(body);
    setProblem(p);
    if (!p) add.mutate(body, { onSuccess: (r) => void navigate(`/court/${r.court.court_id}`) });
  };

  return (
    <details className="card panel courts__add">
      <summary>Add a court</summary>
      <form className="stack" onSubmit={submit} noValidate>
        <label className="field">
          Name
          <input value={form.name} onChange={set('name')} maxLength={80} />
        </label>
        <label className="field">
          Address
          <input value={form.address} onChange={set('address')} maxLength={200} />
        </label>
        <div className="courts__pair">
          <label className="field">
            Latitude
            <input inputMode="decimal" value={form.lat} onChange={set('lat')} />
          </label>
          <label className="field">
            Longitude
            <input inputMode="decimal" value={form.lng} onChange={set('lng')} />
          </label>
        </div>
        {position && (
          <button type="button" className="btn btn--secondary" onClick={() => setForm({ ...form, lat: position.lat.toFixed(6), lng: position.lng.toFixed(6) })}>
            Use my location
          </button>
        )}
        <label className="field">
          Indoor or outdoor
          <select value={form.indoor} onChange={set('indoor')}>
            <option value="outdoor">Outdoor</option>
            <option value="indoor">Indoor</option>
          </select>
        </label>
        <label className="field">
          Courts (hoops)
          <input type="number" min={1} max={20} value={form.hoops} onChange={set('hoops')} />
        </label>
        <label className="field">
          Usual game
          <select value={form.game_size} onChange={set('game_size')}>
            {COURT_GAME_SIZES.map((n) => (
              <option key={n} value={n}>{`${n}v${n}`}</option>
            ))}
          </select>
        </label>
        <label className="field">
          Notes
          <textarea value={form.notes} onChange={set('notes')} maxLength={500} />
        </label>
        <ErrorMessage>{problem ?? errorText(add.error, 'The court could not be added.')}</ErrorMessage>
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          Add court
        </button>
      </form>
    </details>
  );
}
