import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPEAL_MAX_LENGTH, MSG, ROUTES, type OwnIntegrityCase } from '@gotnext/shared';
import { Link } from 'react-router-dom';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import './fair-play.css';

const KIND = { ring: 'a boosting ring', boosting: 'boosting', sandbagging: 'sandbagging' } as const;

function OwnCase({ c }: { c: OwnIntegrityCase }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const appeal = useMutation({
    mutationFn: () => call(ROUTES.appealIntegrityCase, { params: { caseId: c.id }, body: { text }, fallback: MSG.tryAgain }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ownIntegrityCases() }),
  });
  const fieldId = `appeal-${c.id}`;
  return (
    <section className="card" aria-label={`Case ${c.id}`}>
      <h2>
        Ops confirmed {KIND[c.kind]} in {c.matches} of your games
      </h2>
      <ul className="fair-play__evidence">
        {c.evidence.map((e) => (
          <li key={e.code}>{e.words}</li>
        ))}
      </ul>
      {c.appeal ? (
        <p>
          Your appeal: <q>{c.appeal}</q>
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            appeal.mutate();
          }}
        >
          <label htmlFor={fieldId}>Why is this wrong? You can appeal once.</label>
          <textarea id={fieldId} value={text} maxLength={APPEAL_MAX_LENGTH} rows={4} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn--primary" disabled={appeal.isPending || !text.trim()}>
            Send appeal
          </button>
        </form>
      )}
      <ErrorMessage>{errorText(appeal.error, MSG.tryAgain)}</ErrorMessage>
      <SuccessMessage>{appeal.data?.message}</SuccessMessage>
    </section>
  );
}

/** The player's confirmed fair-play cases and the one appeal each allows (docs/rating.md#integrity). */
export function FairPlayPage() {
  const { data, error } = useQuery({
    queryKey: queryKeys.ownIntegrityCases(),
    queryFn: ({ signal }) => call(ROUTES.ownIntegrityCases, { fallback: MSG.tryAgain, signal }),
  });
  return (
    <div className="page stack fair-play">
      <section className="card">
        <h1>Fair play</h1>
        {error && <ErrorMessage>{errorText(error, MSG.tryAgain)}</ErrorMessage>}
        {!data && !error && <SkeletonLines count={2} />}
        {data && data.cases.length === 0 && <p className="muted">Nothing to see: none of your games was found unfair.</p>}
        <p>
          <Link to="/rating">How the rating works</Link>
        </p>
      </section>
      {data?.cases.map((c) => (
        <OwnCase key={c.id} c={c} />
      ))}
    </div>
  );
}
