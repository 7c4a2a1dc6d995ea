import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LEAGUE_NAME_MAX_LENGTH, MSG, leagueNameProblem } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { Modal } from '../../components/Modal';
import { useCreateLeague } from './leagueQueries';

/** The create overlay of /leagues (docs/product.md#leagues): name and private, then the new league's page. */
export function CreateLeagueModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateLeague();
  const navigate = useNavigate();

  function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = leagueNameProblem(name);
    setProblem(invalid);
    if (invalid) return;
    create.mutate({ name: name.trim(), isPrivate }, { onSuccess: ({ league }) => void navigate(`/league/${league.league_id}`) });
  }

  return (
    <Modal title="Create League" onClose={onClose}>
      <form className="league-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="league-name">League Name</label>
          <input id="league-name" value={name} maxLength={LEAGUE_NAME_MAX_LENGTH + 10} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </div>
        <label className="check">
          <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} /> Private League
        </label>
        <ErrorMessage>{problem ?? errorText(create.error, MSG.createLeagueFailed)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create League'}
        </button>
      </form>
    </Modal>
  );
}
