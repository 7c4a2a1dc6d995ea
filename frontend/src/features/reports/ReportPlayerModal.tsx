import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MSG, REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_WITH_DETAILS, REPORT_REASONS, ROUTES, type ReportReason } from '@gotnext/shared';
import { call } from '../../api/client';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { Modal } from '../../components/Modal';
import { useAuthStore } from '../../stores/auth';
import './reports.css';

/**
 * Report Player (docs/social.md#reports): one of the spec's reasons, a details box only for Other,
 * 'Please select a reason for the report.' without one. A refused submission is silent (the spec):
 * it is logged and the dialog closes.
 */
export function ReportPlayerModal({ userId, username, onClose }: { userId: number; username: string; onClose: () => void }) {
  const me = useAuthStore((s) => s.userId);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (chosen: ReportReason) =>
      call(ROUTES.reportPlayer, {
        body: { reported_user_id: userId, reason: chosen, details: chosen === REPORT_REASON_WITH_DETAILS ? details.trim() : '', submitted_by: me ?? undefined },
        fallback: '',
      }),
    onError: (err) => {
      console.error('report failed:', err.message);
      onClose();
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!reason) return setProblem(MSG.reportReasonRequired);
    setProblem(null);
    submit.mutate(reason);
  }

  return (
    <Modal title={`Report ${username}`} onClose={onClose}>
      {submit.isSuccess ? (
        <SuccessMessage>{submit.data.message}</SuccessMessage>
      ) : (
        <form onSubmit={onSubmit} noValidate className="report-form">
          <fieldset>
            <legend>Reason</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className="report-form__reason">
                <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
                {r}
              </label>
            ))}
          </fieldset>
          {reason === REPORT_REASON_WITH_DETAILS && (
            <div className="field">
              <label htmlFor="report-details">Details</label>
              <textarea id="report-details" rows={3} maxLength={REPORT_DETAILS_MAX_LENGTH} value={details} onChange={(e) => setDetails(e.target.value)} />
            </div>
          )}
          <ErrorMessage>{problem}</ErrorMessage>
          <button type="submit" className="btn btn--primary btn--block" disabled={submit.isPending}>
            Submit Report
          </button>
        </form>
      )}
    </Modal>
  );
}
